import { createApiClient } from "../api-client/client.ts";
import type { Endpoint } from "./transfer-store.ts";

/**
 * --history: the source's export with every version (GET /v1/exports/{store}?format=jsonl),
 * replayed into the destination store by its import (POST /v1/imports?format=jsonl). Both are
 * this project's extensions, so both servers must be Memory Consoles. The import lands whole
 * or not at all and only into an empty store, so a re-run after it landed skips it (and the
 * memory copy that follows picks up whatever changed since). With an admin key on the
 * destination, the import keeps the source's authors and times (its default for admins: moving
 * a store between servers), each version marked imported; with a reviewer's key the versions
 * are that key's, the source's authors kept as the file's claim.
 */
export async function copyHistory(from: Endpoint, to: Endpoint, storeId: string, destinationId: string, destinationMemories: number): Promise<number> {
  if (destinationMemories > 0) return 0;
  const source = createApiClient({ baseUrl: from.baseURL, headers: { "x-api-key": from.apiKey } });
  const destination = createApiClient({ baseUrl: to.baseURL, headers: { "x-api-key": to.apiKey } });
  const exported = await source.send("exportStore", { params: { store: storeId }, query: { format: "jsonl" } });
  if (!exported.ok || !(exported.headers.get("content-type") ?? "").includes("ndjson")) {
    throw new Error(`--history needs the source to be a Memory Console server: GET /v1/exports/${storeId} answered ${exported.status}.`);
  }
  const body = await exported.arrayBuffer();
  const imported = await destination.send("importUpload", {
    query: { format: "jsonl", store_id: destinationId, source_name: "transfer" },
    upload: { body, contentType: "application/x-ndjson" },
  });
  const answer = (await imported.json().catch(() => null)) as { counts?: { versions?: number }; error?: { message?: string } } | null;
  if (!imported.ok) {
    throw new Error(
      `--history: the destination refused the import (${imported.status}): ${answer?.error?.message ?? "no message"}. Is it a Memory Console server?`,
    );
  }
  return answer?.counts?.versions ?? 0;
}
