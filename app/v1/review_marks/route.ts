// GET /v1/review_marks?store_id=…&version_id=…&version_id=… – review state of versions, for history views (extension)
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { reviewMarksWire } from "@/lib/http/review-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { reviewMarks } from "@/lib/memory/review/marks.ts";

export const GET = apiRoute(OPERATIONS.reviewMarks, async ({ db, principal, query, url }) => {
  assertStoreAccess(principal, query.store_id);
  return reviewMarksWire(await reviewMarks(db, query.store_id, url.searchParams.getAll("version_id"), principal.workspaceId));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
