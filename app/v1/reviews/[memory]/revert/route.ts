// POST /v1/reviews/{memory}/revert – write the settled state back, conditional on the head seen (extension)
import { reviewOutcomeWire, revertBody } from "@/lib/http/review-wire.ts";
import { reviewStoreFor } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { revertReview } from "@/lib/memory/review/revert.ts";

export const POST = apiRoute<{ memory: string }>({ permission: "write", beta: false }, async ({ db, principal, actor, params, body }) => {
  const input = parseWire(revertBody, await body(), "body");
  const storeId = await reviewStoreFor(db, principal, params.memory);
  return reviewOutcomeWire(await revertReview(db, { storeId, memoryId: params.memory, seenHeadVersionId: input.head_version_id, redact: input.redact, actor }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
