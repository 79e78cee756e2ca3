// POST /v1/bulk_deletions/{bulk_deletion}/execute – carry out a bulk delete dry run, conditional on what it saw (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { assertMayBulkDelete, bulkDeletionWire } from "@/lib/http/bulk-deletion-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { executeBulkDeletion } from "@/lib/memory/bulk-delete/execute-bulk-deletion.ts";
import { getBulkDeletion } from "@/lib/memory/bulk-delete/get-bulk-deletion.ts";

export const POST = apiRoute(OPERATIONS.executeBulkDeletion, async ({ db, params, input: read, actor, principal }) => {
  const input = await read();
  assertMayBulkDelete(principal, (await getBulkDeletion(db.sql, params.bulk_deletion, principal.workspaceId)).filter);
  const { bulk, items } = await executeBulkDeletion(db, {
    id: params.bulk_deletion,
    digest: input.digest,
    confirmation: input.confirmation,
    actor,
    scope: storeScopeOf(principal),
  });
  return bulkDeletionWire(bulk, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
