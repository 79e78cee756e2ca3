/**
 * Defence in depth (issue 21): an export never writes what an import would refuse. Every write
 * path keeps the rules now, but a store may still hold what an older import planted (a path with
 * `..`, two overlapping live paths, a live memory with a redacted head…). Such a memory is left
 * out of the export whole, and the export says so: an archive lists it in its manifest's
 * `omitted`, JSON Lines in an `export_omission` line. The checks are the import's own: the path
 * and content rules, the archive reader's entry names, and for a history the import's history
 * rules (lib/memory/import/history-rules.ts).
 */
import { entryNameProblem } from "../archive/safe-entry-name.ts";
import type { Db, MemoryRecord } from "../memory/db.ts";
import { MemoryError } from "../memory/errors.ts";
import { HistoryRules } from "../memory/import/history-rules.ts";
import { letOthersRun } from "../memory/let-others-run.ts";
import { validateMemoryState } from "../memory/memories/content.ts";
import { LivePaths } from "../memory/memories/live-paths.ts";
import { versionStepPages } from "../memory/export/read-store.ts";
import type { VersionOperation } from "../memory/versions/operations.ts";
import { ARCHIVE_MEMORY_FOLDER } from "./formats.ts";

export interface Omission {
  memory_id: string;
  path: string;
  problem: string;
}

function problemOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof MemoryError) return error.message;
    throw error;
  }
}

/** Why an import would refuse this live memory's path or content, or null. */
export const memoryProblem = (memory: MemoryRecord) => problemOf(() => validateMemoryState(memory));

/** The entries of an archive export, in path order: each live memory's entry name, or null when it is left out. */
export class ArchiveEntries {
  private readonly paths = new LivePaths();
  readonly omitted: Omission[] = [];

  nameOf(memory: MemoryRecord): string | null {
    const name = ARCHIVE_MEMORY_FOLDER + memory.path;
    const entry = entryNameProblem(name);
    const overlap = this.paths.conflict(memory.path);
    const problem =
      memoryProblem(memory) ?? (entry && `its file name in an archive ${entry}; export JSON Lines to keep it.`) ?? (overlap && `path conflict: ${overlap}.`);
    if (problem) {
      this.omitted.push({ memory_id: memory.id, path: memory.path, problem });
      return null;
    }
    this.paths.add(memory.path);
    return name;
  }
}

/**
 * The memories whose history an import would refuse, by id, with why: the import's history
 * rules over the stored versions, read a page at a time without their text (the content rules
 * need only the size the versions record). Oldest versions that retention pruned are no fault
 * of the memory: a memory first seen modified or deleted is taken as it is then.
 */
export async function historyOmissions(db: Db, storeId: string): Promise<Map<string, string>> {
  const rules = new HistoryRules({ prunedStarts: true });
  const omitted = new Map<string, string>();
  let index = 0;
  for await (const page of versionStepPages(db, storeId)) {
    for (const row of page) {
      if (omitted.has(row.memory_id)) continue;
      const step = {
        id: row.id,
        memoryId: row.memory_id,
        operation: row.operation as VersionOperation,
        path: row.path,
        content: row.content_size_bytes === null ? null : { bytes: Number(row.content_size_bytes) },
        createdAt: new Date(row.created_at),
        redactedAt: row.redacted_at === null ? null : new Date(row.redacted_at),
      };
      const problem = problemOf(() => rules.apply(step, index));
      index += 1;
      if (problem) {
        omitted.set(row.memory_id, problem);
        rules.forget(row.memory_id);
      }
    }
    await letOthersRun();
  }
  for (const [memoryId, problem] of rules.problemsAtEnd()) omitted.set(memoryId, problem);
  return omitted;
}
