// POST /v1/imports?format=zip|tar.gz|jsonl&store_id=…|name=…&on_conflict=…&dry_run=…&plan_digest=… – import an upload (extension)
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { IMPORT_UPLOAD_BYTES } from "@/lib/archive/limits.ts";
import { importUpload } from "@/lib/export/import-upload.ts";
import { readBodyBytes } from "@/lib/http/body.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";

export const POST = apiRoute(OPERATIONS.importUpload, async ({ db, query, principal, actor, request }) => {
  const storeId = query.store_id ?? null;
  if (storeId !== null && query.name !== undefined) throw invalidRequest("Give store_id (an existing store) or name (a new store), not both.");
  assertStoreAccess(principal, storeId);
  const data = await readBodyBytes(request, IMPORT_UPLOAD_BYTES);
  return importUpload(db, {
    format: query.format,
    data,
    target: storeId !== null ? { storeId } : { newStore: { name: query.name } },
    onConflict: query.on_conflict ?? "fail",
    dryRun: query.dry_run ?? false,
    planDigest: query.plan_digest,
    actor,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
