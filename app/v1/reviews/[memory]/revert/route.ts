// POST /v1/reviews/{memory}/revert – write the settled state back, conditional on the head seen (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewOutcomeWire } from "@/lib/http/review-wire.ts";
import { reviewStoreFor } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { revertReview } from "@/lib/memory/review/revert.ts";

export const POST = apiRoute(OPERATIONS.revertReview, async ({ db, principal, actor, params, input }) => {
  const body = await input();
  const storeId = await reviewStoreFor(db, principal, params.memory, "act");
  return reviewOutcomeWire(
    await revertReview(db, { storeId, memoryId: params.memory, seenHeadVersionId: body.head_version_id, redact: body.redact, actor, reason: body.reason }),
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
