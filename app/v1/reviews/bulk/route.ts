// POST /v1/reviews/bulk – approve or revert many items: a dry run first, then exactly what it returned (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewFilterOf } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { previewBulk, runBulk } from "@/lib/memory/review/bulk.ts";

export const POST = apiRoute(OPERATIONS.bulkReview, async ({ db, principal, actor, input: read }) => {
  const input = await read();
  const filter = reviewFilterOf(principal, input.filter ?? {});
  if (input.dry_run) {
    const items = await previewBulk(db, { filter, memoryIds: input.items?.map((i) => i.memory_id) });
    return {
      type: "review_bulk_preview" as const,
      action: input.action,
      count: items.length,
      items: items.map((i) => ({ memory_id: i.memoryId, head_version_id: i.headVersionId, store_id: i.storeId, path: i.path })),
    };
  }
  const items = input.items!.map((i) => ({ memoryId: i.memory_id, headVersionId: i.head_version_id }));
  const report = await runBulk(db, { action: input.action, items, actor, filter, reason: input.reason });
  return {
    type: "review_bulk_report" as const,
    batch_id: report.batchId,
    action: report.action,
    requested: report.requested,
    applied: report.applied,
    conflicts: report.conflicts.map((c) => ({ memory_id: c.memoryId, message: c.message })),
  };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
