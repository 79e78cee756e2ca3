// GET /v1/bulk_deletions/{bulk_deletion} – one bulk delete report with every memory or store it saw; ?format=json|csv downloads it (extension)
import { storeFilterOf } from "@/lib/auth/principal.ts";
import { assertMayBulkDelete, bulkDeletionCsv, bulkDeletionWire } from "@/lib/http/bulk-deletion-wire.ts";
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getBulkDeletion, getBulkDeletionItems } from "@/lib/memory/bulk-delete/get-bulk-deletion.ts";
import { notFound } from "@/lib/memory/errors.ts";

export const GET = apiRoute(OPERATIONS.retrieveBulkDeletion, async ({ db, params, query, principal }) => {
  const bulk = await getBulkDeletion(db.sql, params.bulk_deletion, principal.workspaceId);
  // A store-limited key sees only memory deletions in its stores (as in the list), others are not found.
  const only = storeFilterOf(principal);
  if (only && (bulk.filter.target !== "memories" || !only.includes(bulk.filter.storeId))) throw notFound(`Bulk deletion ${bulk.id} not found.`);
  assertMayBulkDelete(principal, bulk.filter);
  const items = await getBulkDeletionItems(db.sql, bulk.id);
  return reportAnswer(
    bulk.id,
    query.format,
    () => bulkDeletionWire(bulk, items),
    () => bulkDeletionCsv(bulk, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
