import { actorFromWire, type Actor } from "../memory/actor.ts";
import { invalidRequest } from "../memory/errors.ts";
import type { HistoryVersion } from "../memory/import/import-history.ts";
import { VERSION_OPERATIONS, type VersionOperation } from "../memory/versions/operations.ts";
import { OMISSION_LINE, VERSION_CHAIN_LINE } from "./lines.ts";
import type { CarriedHead, CarriedVersion } from "../memory/integrity/verify-carried-chain.ts";

export interface JsonLinesExport {
  store: { name: string; description: string; metadata: Record<string, string> };
  memories: { path: string; contentSha256: string }[];
  versions: HistoryVersion[];
  /** The history chain the file carries (its versions' chain fields and the `history_chain` line); head null when it has none. */
  chain: { versions: CarriedVersion[]; head: CarriedHead | null };
}

type Line = Record<string, unknown>;

const text = (line: Line, key: string, n: number, nullable = false): string | null => {
  const value = line[key];
  if (typeof value === "string" || (nullable && value === null)) return value as string | null;
  throw invalidRequest(`Line ${n}: ${key} must be ${nullable ? "a string or null" : "a string"}.`);
};

/** Ids in a file are only names for matching its lines (and the imported_from note): short, printable ASCII. */
const ID = /^[\x21-\x7e]{1,128}$/;
const id = (line: Line, key: string, n: number): string => {
  const value = text(line, key, n)!;
  if (!ID.test(value)) throw invalidRequest(`Line ${n}: ${key} must be 1 to 128 printable ASCII characters.`);
  return value;
};

/** RFC 3339 with a time zone, as the API writes times (Date alone would also take "2020" or "May 1"). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const time = (line: Line, key: string, n: number, nullable = false): Date | null => {
  const value = text(line, key, n, nullable);
  if (value === null) return null;
  const date = RFC3339.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalidRequest(`Line ${n}: ${key} must be an RFC 3339 time.`);
  return date;
};

function actor(line: Line, key: string, n: number): Actor | null {
  const read = actorFromWire(line[key]);
  if ("problem" in read) throw invalidRequest(`Line ${n}: ${key}: ${read.problem}.`);
  return read.actor;
}

/**
 * An export in JSON Lines (lib/export/lines.ts) read back: the store line, the memories, the
 * versions in order. Only the shape of each line is checked here; what the versions may do is
 * the import's (lib/memory/import/history-rules.ts). Lines the export wrote about memories it
 * left out are skipped.
 */
export function readJsonLines(body: string): JsonLinesExport {
  const result: JsonLinesExport = { store: { name: "", description: "", metadata: {} }, memories: [], versions: [], chain: { versions: [], head: null } };
  let omissions = 0;
  let sawStore = false;
  for (const [i, raw] of body.split("\n").entries()) {
    const n = i + 1;
    if (raw.trim() === "") continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      throw invalidRequest(`Line ${n} is not JSON.`);
    }
    if (typeof line !== "object" || line === null || Array.isArray(line)) throw invalidRequest(`Line ${n} is not a JSON object.`);
    if (line.type === "memory_store") {
      sawStore = true;
      result.store = { name: text(line, "name", n)!, description: text(line, "description", n)!, metadata: (line.metadata ?? {}) as Record<string, string> };
    } else if (line.type === "memory") {
      result.memories.push({ path: text(line, "path", n)!, contentSha256: text(line, "content_sha256", n)! });
    } else if (line.type === "memory_version") {
      const operation = line.operation as VersionOperation;
      if (!VERSION_OPERATIONS.includes(operation)) throw invalidRequest(`Line ${n}: operation must be one of ${VERSION_OPERATIONS.join(", ")}.`);
      result.versions.push({
        id: id(line, "id", n),
        memoryId: id(line, "memory_id", n),
        operation,
        path: text(line, "path", n, true),
        content: text(line, "content", n, true),
        createdAt: time(line, "created_at", n)!,
        createdBy: actor(line, "created_by", n),
        redactedAt: time(line, "redacted_at", n, true),
        redactedBy: actor(line, "redacted_by", n),
      });
      result.chain.versions.push(carriedVersion(line, result.versions[result.versions.length - 1]!));
    } else if (line.type === VERSION_CHAIN_LINE) {
      // Right after its version's line.
      const carried = result.chain.versions[result.chain.versions.length - 1];
      if (carried && carried.id === line.memory_version_id) withChainFields(carried, line);
    } else if (line.type === CHAIN_LINE) {
      result.chain.head = carriedHead(line, n);
    } else if (line.type === OMISSION_LINE) {
      omissions += 1;
    } else {
      throw invalidRequest(`Line ${n}: unknown type ${JSON.stringify(String(line.type).slice(0, 40))}.`);
    }
  }
  if (!sawStore) throw invalidRequest("The file has no memory_store line: it is not a JSON Lines export.");
  if (result.chain.head) result.chain.head.omissions = omissions;
  return result;
}

const CHAIN_LINE = "history_chain";
const hashOrNull = (value: unknown): string | null => (typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null);
const seqOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null);

/** A version line as the chain reads it; its chain fields come from the version_chain line after it. */
function carriedVersion(line: Line, v: HistoryVersion): CarriedVersion {
  return {
    id: v.id,
    memoryId: v.memoryId,
    operation: v.operation,
    path: v.path,
    content: v.content,
    contentSha256: typeof line.content_sha256 === "string" ? line.content_sha256 : null,
    contentSizeBytes: typeof line.content_size_bytes === "number" ? line.content_size_bytes : null,
    createdBy: v.createdBy,
    createdAt: v.createdAt,
    redacted: v.redactedAt !== null,
    chainSeq: null,
    recordHash: null,
    prevChainHash: null,
    chainHash: null,
  };
}

/** What is not well-formed reads as absent (verification then reports it). */
function withChainFields(v: CarriedVersion, line: Line) {
  v.chainSeq = seqOrNull(line.chain_seq);
  v.recordHash = hashOrNull(line.record_hash);
  v.prevChainHash = hashOrNull(line.prev_chain_hash);
  v.chainHash = hashOrNull(line.chain_hash);
}

function carriedHead(line: Line, n: number): CarriedHead {
  const head = line.head as { chain_seq?: unknown; chain_hash?: unknown } | undefined;
  const checkpoint = line.checkpoint as { chain_seq?: unknown; chain_hash?: unknown } | null | undefined;
  const headSeq = head && typeof head.chain_seq === "number" && Number.isSafeInteger(head.chain_seq) && head.chain_seq >= 0 ? head.chain_seq : null;
  if (headSeq === null) throw invalidRequest(`Line ${n}: head.chain_seq must be a whole number.`);
  const checkpointSeq = seqOrNull(checkpoint?.chain_seq);
  const checkpointHash = hashOrNull(checkpoint?.chain_hash);
  return {
    headSeq,
    headHash: hashOrNull(head!.chain_hash),
    checkpoint: checkpointSeq !== null && checkpointHash !== null ? { seq: checkpointSeq, hash: checkpointHash } : null,
    omissions: 0,
  };
}
