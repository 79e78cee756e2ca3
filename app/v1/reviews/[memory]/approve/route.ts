// POST /v1/reviews/{memory}/approve – settle at the head the reviewer saw; with content, edit and approve (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewOutcomeWire } from "@/lib/http/review-wire.ts";
import { reviewStoreFor } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { approveReview } from "@/lib/memory/review/approve.ts";
import { editAndApprove } from "@/lib/memory/review/edit-and-approve.ts";

export const POST = apiRoute(OPERATIONS.approveReview, async ({ db, principal, actor, params, input }) => {
  const body = await input();
  const storeId = await reviewStoreFor(db, principal, params.memory, "act");
  const common = { storeId, memoryId: params.memory, seenHeadVersionId: body.head_version_id, actor, reason: body.reason };
  const edits = body.content != null || body.path != null;
  return reviewOutcomeWire(edits ? await editAndApprove(db, { ...common, content: body.content, path: body.path }) : await approveReview(db, common));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
