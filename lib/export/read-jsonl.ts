import { actorFromColumns, type Actor } from "../memory/actor.ts";
import { invalidRequest } from "../memory/errors.ts";
import type { HistoryVersion } from "../memory/import/import-history.ts";
import { VERSION_OPERATIONS, type VersionOperation } from "../memory/versions/operations.ts";

export interface JsonLinesExport {
  store: { name: string; description: string; metadata: Record<string, string> };
  memories: { path: string; contentSha256: string }[];
  versions: HistoryVersion[];
}

type Line = Record<string, unknown>;

const text = (line: Line, key: string, n: number, nullable = false): string | null => {
  const value = line[key];
  if (typeof value === "string" || (nullable && value === null)) return value as string | null;
  throw invalidRequest(`Line ${n}: ${key} must be ${nullable ? "a string or null" : "a string"}.`);
};

const time = (line: Line, key: string, n: number, nullable = false): Date | null => {
  const value = text(line, key, n, nullable);
  if (value === null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidRequest(`Line ${n}: ${key} must be an RFC 3339 time.`);
  return date;
};

function actorOf(value: unknown): Actor | null {
  if (!value || typeof value !== "object") return null;
  const { type, ...rest } = value as { type?: string } & Record<string, string>;
  const id = Object.values(rest).find((v) => typeof v === "string") ?? null;
  return actorFromColumns(type ?? null, id);
}

/** An export in JSON Lines (lib/export/lines.ts) read back: the store line, the memories, the versions in order. */
export function readJsonLines(body: string): JsonLinesExport {
  const result: JsonLinesExport = { store: { name: "", description: "", metadata: {} }, memories: [], versions: [] };
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
    if (typeof line !== "object" || line === null) throw invalidRequest(`Line ${n} is not a JSON object.`);
    if (line.type === "memory_store") {
      sawStore = true;
      result.store = { name: text(line, "name", n)!, description: text(line, "description", n)!, metadata: (line.metadata ?? {}) as Record<string, string> };
    } else if (line.type === "memory") {
      result.memories.push({ path: text(line, "path", n)!, contentSha256: text(line, "content_sha256", n)! });
    } else if (line.type === "memory_version") {
      const operation = line.operation as VersionOperation;
      if (!VERSION_OPERATIONS.includes(operation)) throw invalidRequest(`Line ${n}: operation must be one of ${VERSION_OPERATIONS.join(", ")}.`);
      result.versions.push({
        id: text(line, "id", n)!,
        memoryId: text(line, "memory_id", n)!,
        operation,
        path: text(line, "path", n, true),
        content: text(line, "content", n, true),
        createdAt: time(line, "created_at", n)!,
        createdBy: actorOf(line.created_by),
        redactedAt: time(line, "redacted_at", n, true),
        redactedBy: actorOf(line.redacted_by),
      });
    } else {
      throw invalidRequest(`Line ${n}: unknown type ${JSON.stringify(String(line.type).slice(0, 40))}.`);
    }
  }
  if (!sawStore) throw invalidRequest("The file has no memory_store line: it is not a JSON Lines export.");
  return result;
}
