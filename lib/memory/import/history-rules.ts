/**
 * The rules a history (an export's versions, oldest first) must keep to be replayed, checked a
 * step at a time without the database: every state a step leaves passes the same path, content,
 * overlap, limit and clock rules as a write through the API, whether the step is redacted or
 * not, and no live memory may end with a redacted head. The import runs it before it writes
 * anything (and then writes through the API's own write path, which checks again); the export
 * runs the same checks, so that it never writes what an import would refuse.
 *
 * A redacted version carries no path or content. While replayed it holds empty content at the
 * memory's current path (a modification, which then may have renamed the memory unseen: the
 * next version's path is believed, with the overlap rule), or, for a redacted creation, at a
 * placeholder path under /.imported-redacted (checked like any path) that lasts until a later version names the
 * real one; since the memory's last version must not be redacted, a placeholder never outlives
 * the replay on a live memory, and a redacted version's path is cleared with its content.
 */
import { invalidRequest, MemoryError } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import { LIMITS } from "../limits.ts";
import { assertContentSize, validateContent } from "../memories/content.ts";
import { LivePaths } from "../memories/live-paths.ts";
import { validateMemoryPath } from "../paths.ts";
import type { VersionOperation } from "../versions/operations.ts";

/** How far past this server's clock a version's time may be: another server's clock may run a little ahead. */
export const CLOCK_SKEW_MS = 5 * 60_000;
export const REDACTED_FOLDER = "/.imported-redacted";

/** Where a redacted creation stays until a later version names the memory's path: named after the version, the same wherever it is checked. */
const placeholderPath = (versionId: string) => `${REDACTED_FOLDER}/${sha256Hex(versionId).slice(0, 16)}`;

/** One version of a history, as an import replays it or an export checks a stored one. */
export interface HistoryStep {
  id: string;
  memoryId: string;
  operation: VersionOperation;
  path: string | null;
  /** The text; or, where the caller holds only a stored version's size (the export's check), the size. */
  content: string | null | { bytes: number };
  createdAt: Date;
  redactedAt: Date | null;
}

/** What the write path writes for a step: the memory's state (for a deletion, the path its version records). */
export interface StepWrite {
  path: string;
  content: string;
}

interface LiveMemory {
  path: string;
  /** False after a redacted version without a path: the memory may have been renamed unseen. */
  pathKnown: boolean;
  redactedHead: string | null;
}

export interface HistoryRulesOptions {
  now?: Date;
  /**
   * The export's check of a stored history, whose oldest versions retention may have pruned: a
   * memory first seen modified or deleted is taken as it is then, instead of refused.
   */
  prunedStarts?: boolean;
}

export class HistoryRules {
  private readonly live = new Map<string, LiveMemory>();
  private readonly paths = new LivePaths();
  /** Paths already found valid: a memory's versions mostly repeat its path (the rules are a third of an export's check). */
  private readonly validPaths = new Set<string>();
  private readonly latest: number;

  constructor(private readonly options: HistoryRulesOptions = {}) {
    this.latest = (options.now ?? new Date()).getTime() + CLOCK_SKEW_MS;
  }

  /**
   * Checks step `index` (0-based) against the rules and the history so far and takes it; answers
   * what the write path writes, or null for a step the pruned-history check passes over. Throws
   * invalid_request naming the version; a refused step changes nothing.
   */
  apply(step: HistoryStep, index: number): StepWrite | null {
    try {
      return this.take(step, index);
    } catch (error) {
      if (error instanceof MemoryError) throw invalidRequest(`Version ${index + 1} (${step.id}): ${error.message}`);
      throw error;
    }
  }

  /** After the last step: no live memory may have a redacted head. Throws the first that has. */
  finish() {
    const [first] = this.problemsAtEnd().values();
    if (first) throw invalidRequest(first);
  }

  /** By memory id, each live memory the history would leave with a redacted head (the export leaves them out). */
  problemsAtEnd(): Map<string, string> {
    const problems = new Map<string, string>();
    for (const [memoryId, memory] of this.live) {
      if (!memory.redactedHead) continue;
      problems.set(
        memoryId,
        `Version ${memory.redactedHead}: memory ${memoryId} would be live with this redacted version as its current one; only a version that a later one replaced can be redacted.`,
      );
    }
    return problems;
  }

  /** A memory whose step failed, as if it never was (the export leaves it out). */
  forget(memoryId: string) {
    const memory = this.live.get(memoryId);
    if (!memory) return;
    this.paths.remove(memory.path);
    this.live.delete(memoryId);
  }

  private take(step: HistoryStep, index: number): StepWrite | null {
    const redacted = step.redactedAt !== null;
    this.checkTime(step.createdAt, "created_at");
    if (step.redactedAt) this.checkTime(step.redactedAt, "redacted_at");
    if (step.path !== null && !this.validPaths.has(step.path)) {
      validateMemoryPath(step.path);
      this.validPaths.add(step.path);
    }
    if (typeof step.content === "string") validateContent(step.content);
    else if (step.content) assertContentSize(step.content.bytes);
    if (!redacted && step.path === null) throw invalidRequest("path: must be a string (only a redacted version has none).");
    if (!redacted && step.operation !== "deleted" && step.content === null) {
      throw invalidRequest("content: must be a string (only a redacted or deleted version has none).");
    }
    const text = redacted || typeof step.content !== "string" ? "" : step.content;
    const memory = this.live.get(step.memoryId);

    if (step.operation === "created" || (!memory && step.operation === "modified" && this.options.prunedStarts)) {
      if (memory) throw invalidRequest(`creates memory ${step.memoryId}, which already exists at that point.`);
      const path = step.path ?? placeholderPath(step.id);
      this.claim(path);
      if (this.live.size + 1 > LIMITS.memoriesPerStore) {
        throw invalidRequest(`the store would hold more than ${LIMITS.memoriesPerStore.toLocaleString("en-US")} memories.`);
      }
      this.paths.add(path);
      this.live.set(step.memoryId, { path, pathKnown: step.path !== null, redactedHead: redacted ? `${index + 1} (${step.id})` : null });
      return { path, content: text };
    }
    if (!memory) {
      if (this.options.prunedStarts) return null;
      throw invalidRequest(`${step.operation} memory ${step.memoryId}, which does not exist at that point.`);
    }
    if (step.operation === "modified") {
      const path = step.path ?? memory.path;
      if (path !== memory.path) this.move(memory, path);
      memory.pathKnown = step.path !== null;
      memory.redactedHead = redacted ? `${index + 1} (${step.id})` : null;
      return { path, content: text };
    }
    // deleted: at the memory's path, or where a redacted version may have moved it unseen.
    if (step.path !== null && step.path !== memory.path) {
      if (memory.pathKnown) throw invalidRequest(`deletes memory ${step.memoryId} at ${step.path}, but it is at ${memory.path} at that point.`);
      this.move(memory, step.path);
    }
    this.paths.remove(memory.path);
    this.live.delete(step.memoryId);
    return { path: memory.path, content: "" };
  }

  private checkTime(at: Date, field: string) {
    if (at.getTime() > this.latest) {
      throw invalidRequest(`${field}: ${at.toISOString()} is in the future (more than ${CLOCK_SKEW_MS / 60_000} minutes past this server's clock).`);
    }
  }

  private claim(path: string) {
    const conflict = this.paths.conflict(path);
    if (conflict) throw invalidRequest(`path conflict: ${conflict}.`);
  }

  private move(memory: LiveMemory, path: string) {
    this.paths.remove(memory.path);
    const conflict = this.paths.conflict(path);
    if (conflict) {
      this.paths.add(memory.path);
      throw invalidRequest(`path conflict: ${conflict}.`);
    }
    this.paths.add(path);
    memory.path = path;
  }
}
