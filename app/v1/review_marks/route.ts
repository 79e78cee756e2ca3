// GET /v1/review_marks?store_id=…&version_id=…&version_id=… – review state of versions, for history views (extension)
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { reviewMarksWire } from "@/lib/http/review-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { reviewMarks } from "@/lib/memory/review/marks.ts";

export const GET = apiRoute({ permission: "read", beta: false }, async ({ db, principal, url }) => {
  const storeId = url.searchParams.get("store_id");
  if (!storeId) throw invalidRequest("store_id: required.");
  assertStoreAccess(principal, storeId);
  return reviewMarksWire(await reviewMarks(db, storeId, url.searchParams.getAll("version_id")));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
