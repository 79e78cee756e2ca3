// GET /v1/bulk_deletions – bulk delete reports and dry runs, newest first; POST – dry run of a bulk delete (extension)
import { can, storeScopeOf } from "@/lib/auth/principal.ts";
import { assertMayBulkDelete, bulkDeletionWire } from "@/lib/http/bulk-deletion-wire.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listBulkDeletions } from "@/lib/memory/bulk-delete/get-bulk-deletion.ts";
import { parseBulkFilter, planBulkDeletion } from "@/lib/memory/bulk-delete/plan-bulk-deletion.ts";

export const GET = apiRoute(OPERATIONS.listBulkDeletions, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listBulkDeletions(db, {
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    scope: storeScopeOf(principal),
    // Store deletions are admins' (their reports too).
    memoriesOnly: !can(principal, "admin"),
  });
  return page(
    result.items.map((b) => bulkDeletionWire(b)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planBulkDeletion, async ({ db, input: read, actor, principal }) => {
  const body = await read();
  if (body.target === "stores") assertMayBulkDelete(principal, { target: "stores", metadata: [] });
  else assertMayBulkDelete(principal, { target: "memories", storeId: body.memory_store_id, pathPrefix: "/" });
  const filter = await parseBulkFilter(db, body, principal.workspaceId);
  const { bulk, items } = await planBulkDeletion(db, { filter, actor, scope: storeScopeOf(principal) });
  return bulkDeletionWire(bulk, items);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
