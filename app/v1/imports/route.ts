// POST /v1/imports?format=zip|tar.gz|jsonl&store_id=…|name=…&on_conflict=…&dry_run=…&plan_digest=… – import an upload (extension)
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { IMPORT_UPLOAD_BYTES } from "@/lib/archive/limits.ts";
import { IMPORT_FORMATS, importUpload, type ImportFormat } from "@/lib/export/import-upload.ts";
import { readBodyBytes } from "@/lib/http/body.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { CONFLICT_MODES, type ConflictMode } from "@/lib/memory/import/plan-import.ts";

function oneOf<T extends string>(value: string | null, allowed: readonly T[], field: string, fallback?: T): T {
  if (value === null && fallback !== undefined) return fallback;
  if (value !== null && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidRequest(`${field}: must be one of ${allowed.join(", ")}.`);
}

export const POST = apiRoute({ permission: "write", beta: false }, async ({ db, url, principal, actor, request }) => {
  const q = url.searchParams;
  const format = oneOf<ImportFormat>(q.get("format"), IMPORT_FORMATS, "format");
  const onConflict = oneOf<ConflictMode>(q.get("on_conflict"), CONFLICT_MODES, "on_conflict", "fail");
  const dryRun = oneOf(q.get("dry_run"), ["true", "false"], "dry_run", "false") === "true";
  const storeId = q.get("store_id");
  if (storeId !== null && q.get("name") !== null) throw invalidRequest("Give store_id (an existing store) or name (a new store), not both.");
  assertStoreAccess(principal, storeId);
  const data = await readBodyBytes(request, IMPORT_UPLOAD_BYTES);
  return importUpload(db, {
    format,
    data,
    target: storeId !== null ? { storeId } : { newStore: { name: q.get("name") ?? undefined } },
    onConflict,
    dryRun,
    planDigest: q.get("plan_digest") ?? undefined,
    actor,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
