// POST /v1/reviews/{memory}/approve – settle at the head the reviewer saw; with content, edit and approve (extension)
import { approveBody, reviewOutcomeWire } from "@/lib/http/review-wire.ts";
import { reviewStoreFor } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { approveReview } from "@/lib/memory/review/approve.ts";
import { editAndApprove } from "@/lib/memory/review/edit-and-approve.ts";

export const POST = apiRoute<{ memory: string }>({ permission: "write", beta: false }, async ({ db, principal, actor, params, body }) => {
  const input = parseWire(approveBody, await body(), "body");
  const storeId = await reviewStoreFor(db, principal, params.memory);
  const common = { storeId, memoryId: params.memory, seenHeadVersionId: input.head_version_id, actor };
  const edits = input.content != null || input.path != null;
  return reviewOutcomeWire(edits ? await editAndApprove(db, { ...common, content: input.content, path: input.path }) : await approveReview(db, common));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
