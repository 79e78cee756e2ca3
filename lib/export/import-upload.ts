import { archiveFiles, type ArchiveFormat } from "../archive/archive-files.ts";
import { assertStoreInWorkspace } from "../memory/stores/assert-store-in-workspace.ts";
import type { Actor } from "../memory/actor.ts";
import type { Db } from "../memory/db.ts";
import { invalidRequest } from "../memory/errors.ts";
import { importFiles } from "../memory/import/import-files.ts";
import type { Attribution } from "../memory/import/attribution.ts";
import { importHistory } from "../memory/import/import-history.ts";
import type { ConflictMode, ImportFile } from "../memory/import/plan-import.ts";
import { readJsonLines } from "./read-jsonl.ts";
import { verifyCarriedChain, type CarriedChainReport } from "../memory/integrity/verify-carried-chain.ts";

export const IMPORT_FORMATS = ["zip", "tar.gz", "jsonl"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface UploadInput {
  format: ImportFormat | "folder";
  /** The uploaded bytes, or the files of a folder. */
  data: Uint8Array | ImportFile[];
  /** An existing store, or a new one (its name; an export's own name when left out). */
  target: { storeId: string } | { newStore: { name?: string } };
  /** The request's workspace: an existing store must be in it (another's answers as missing), a new one is made in it. */
  workspaceId: string;
  onConflict: ConflictMode;
  dryRun: boolean;
  planDigest?: string;
  /** Files: write what has no problem, leave the refused files out (needs planDigest). */
  skipProblems?: boolean;
  actor: Actor;
  /**
   * With history: whose authorship the versions show (lib/memory/import/import-history.ts).
   * `file` only for an admin, which the caller checks; files without history are always the importer's.
   */
  attribution: Attribution;
  /** The uploaded file's name, kept in the report. */
  sourceName?: string | null;
  /** Memories (or, with history, versions) written so far, of how many. */
  onProgress?: (written: number, total: number) => void;
}

/** What an import did or would do, as the API answers it. */
export interface ImportReport {
  type: "import_result";
  dry_run: boolean;
  /** The report this import left (GET /v1/imports/{id}); null for a dry run. */
  import_id: string | null;
  store_id: string | null;
  with_history: boolean;
  plan_digest: string | null;
  counts: Record<string, number>;
  /** An import with history: the chain the file carried, verified before anything was written. */
  history_chain?: CarriedChainReport;
  items: {
    path: string;
    action: string;
    content_sha256: string | null;
    size_bytes: number | null;
    existing_content_sha256: string | null;
    problem: string | null;
  }[];
}

function storeTarget(
  target: UploadInput["target"],
  workspaceId: string,
  exported: { name: string; description: string; metadata: Record<string, string> } | null,
) {
  if ("storeId" in target) return target;
  const name = target.newStore.name ?? exported?.name;
  if (!name) throw invalidRequest("name: a new store needs a name.");
  return { newStore: { name, description: exported?.description, metadata: exported?.metadata, workspaceId } };
}

/** An upload (archive, JSON Lines with history) or a folder's files, imported or previewed. */
export async function importUpload(db: Db, input: UploadInput): Promise<ImportReport> {
  if ("storeId" in input.target) await assertStoreInWorkspace(db.sql, input.workspaceId, input.target.storeId);
  if (input.format === "jsonl") {
    const exported = readJsonLines(Buffer.from(input.data as Uint8Array).toString("utf8"));
    const chain = verifyCarriedChain(exported.chain.versions, exported.chain.head);
    const result = await importHistory(db, {
      target: storeTarget(input.target, input.workspaceId, exported.store),
      versions: exported.versions,
      expected: exported.memories,
      actor: input.actor,
      attribution: input.attribution,
      sourceName: input.sourceName,
      dryRun: input.dryRun,
      onProgress: input.onProgress,
      historyChain: chain.status,
    });
    return {
      type: "import_result",
      dry_run: result.dryRun,
      import_id: result.report?.id ?? null,
      store_id: result.storeId,
      with_history: true,
      plan_digest: null,
      counts: { create: result.memories.length, versions: result.versions },
      history_chain: chain,
      items: result.memories.map((m) => ({
        path: m.path,
        action: "create",
        content_sha256: m.contentSha256,
        size_bytes: null,
        existing_content_sha256: null,
        problem: null,
      })),
    };
  }
  const contents =
    input.format === "folder"
      ? { files: input.data as ImportFile[], store: null }
      : await archiveFiles(input.format as ArchiveFormat, input.data as Uint8Array);
  const result = await importFiles(db, {
    target: storeTarget(input.target, input.workspaceId, contents.store),
    files: contents.files,
    onConflict: input.onConflict,
    actor: input.actor,
    source: input.format,
    sourceName: input.sourceName,
    dryRun: input.dryRun,
    onProgress: input.onProgress,
    expectedDigest: input.planDigest,
    skipProblems: input.skipProblems,
  });
  return {
    type: "import_result",
    dry_run: result.dryRun,
    import_id: result.report?.id ?? null,
    store_id: result.storeId,
    with_history: false,
    plan_digest: result.plan.digest,
    counts: result.counts,
    items: result.plan.items.map((item) => ({
      path: item.path,
      action: item.action,
      content_sha256: item.contentSha256,
      size_bytes: item.sizeBytes,
      existing_content_sha256: item.existing?.contentSha256 ?? null,
      problem: item.problem,
    })),
  };
}
