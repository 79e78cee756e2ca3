// GET /v1/imports – import reports, newest first (extension)
// POST /v1/imports?format=zip|tar.gz|jsonl&store_id=…|name=…&on_conflict=…&dry_run=…&plan_digest=… – import an upload (extension)
import { importAttribution } from "@/lib/auth/import-attribution.ts";
import { assertStoreAccess, storeScopeOf } from "@/lib/auth/principal.ts";
import { IMPORT_UPLOAD_BYTES } from "@/lib/archive/limits.ts";
import { importUpload } from "@/lib/export/import-upload.ts";
import { readBodyBytes } from "@/lib/http/body.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { newRequestId } from "@/lib/http/errors.ts";
import { importReportWire } from "@/lib/http/import-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { progressStream } from "@/lib/http/progress-stream.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { listImportReports } from "@/lib/memory/import/import-rows.ts";

export const GET = apiRoute(OPERATIONS.listImports, async ({ db, query, principal }) => {
  if (query.store_id !== undefined) assertStoreAccess(principal, query.store_id);
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listImportReports(db.sql, {
    scope: query.store_id !== undefined ? { workspaceId: principal.workspaceId, storeIds: [query.store_id] } : storeScopeOf(principal),
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
  });
  return page(
    result.items.map((r) => importReportWire(r)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.importUpload, async ({ db, query, principal, actor, request }) => {
  const storeId = query.store_id ?? null;
  if (storeId !== null && query.name !== undefined) throw invalidRequest("Give store_id (an existing store) or name (a new store), not both.");
  assertStoreAccess(principal, storeId);
  const attribution = importAttribution(principal, query.attribution);
  const data = await readBodyBytes(request, IMPORT_UPLOAD_BYTES);
  const run = (onProgress?: (written: number, total: number) => void) =>
    importUpload(db, {
      format: query.format,
      data,
      target: storeId !== null ? { storeId } : { newStore: { name: query.name } },
      workspaceId: principal.workspaceId,
      onConflict: query.on_conflict ?? "fail",
      dryRun: query.dry_run ?? false,
      planDigest: query.plan_digest,
      skipProblems: query.skip_problems ?? false,
      sourceName: query.source_name ?? null,
      actor,
      attribution,
      onProgress,
    });
  // progress=true: JSON Lines of progress, then the result or the error envelope (lib/http/progress-stream.ts).
  return query.progress && !query.dry_run ? progressStream(newRequestId(), run) : run();
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
