import { z } from "zod";
import { confirmationPhrase, type Erasure, type ErasureItem } from "../memory/erase/erasure-rows.ts";
import { lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";

/** Wire shapes of this project's erase endpoints (/v1/erasures, an extension). */
export const createErasureBody = z.strictObject({
  query: z.string(),
  /** The stores to erase from; omitted or null: every store. */
  memory_store_ids: z.array(z.string()).max(100, "name at most 100 stores (or none, for every store)").nullish(),
  action: z.string(),
  marker: z.string().nullish(),
});

export const executeErasureBody = z.strictObject({
  query: z.string(),
  confirmation: z.string(),
});

export function erasureItemWire(item: ErasureItem) {
  return {
    memory_store_id: item.storeId,
    memory_id: item.memoryId,
    memory_version_id: item.versionId,
    kind: item.kind,
    outcome: item.outcome,
  };
}

/** An erasure: the dry run while `planned`, the report once `completed`; with its items when they are asked for. */
export function erasureWire(erasure: Erasure, items?: ErasureItem[]) {
  return {
    type: "erasure" as const,
    id: erasure.id,
    status: erasure.status,
    action: erasure.action,
    marker: erasure.marker,
    /** The text erased is never stored: only its SHA-256 (lowercase hex of the UTF-8 bytes). */
    query_sha256: erasure.querySha256,
    memory_store_ids: erasure.storeIds,
    ...lifecycleWire(erasure, confirmationPhrase(erasure)),
    counts: {
      memories_before: erasure.memoriesBefore,
      versions_before: erasure.versionsBefore,
      memories_after: erasure.memoriesAfter,
      versions_after: erasure.versionsAfter,
    },
    ...(items && { items: items.map(erasureItemWire) }),
  };
}

/** The report as CSV (lib/http/csv.ts), one line per version: for spreadsheets and auditors. */
export function erasureCsv(erasure: Erasure, items: ErasureItem[]): string {
  const columns: CsvColumn<ErasureItem>[] = [
    ["erasure_id", () => erasure.id],
    ["memory_store_id", (i) => i.storeId],
    ["memory_id", (i) => i.memoryId],
    ["memory_version_id", (i) => i.versionId],
    ["kind", (i) => i.kind],
    ["outcome", (i) => i.outcome],
  ];
  return toCsv(columns, items);
}
