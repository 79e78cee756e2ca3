// GET /v1/exports/{store}?format=jsonl|tar.gz|zip – download a store, streamed (extension)
import { exportStream } from "@/lib/export/export-stream.ts";
import { exportFileName } from "@/lib/export/export-file-name.ts";
import { MEDIA_TYPES } from "@/lib/export/formats.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getStore } from "@/lib/memory/stores/get-store.ts";
import { recordExportDownload } from "@/lib/memory/audit/record-export.ts";
import { integritySigner } from "@/lib/server/integrity-signer.ts";

export const GET = apiRoute(OPERATIONS.exportStore, async ({ db, params, query, actor }) => {
  const format = query.format ?? "jsonl";
  const store = await getStore(db.sql, params.store);
  await recordExportDownload(db, { actor, storeId: store.id, format });
  return new Response(exportStream(db, store, format, integritySigner()), {
    headers: {
      "content-type": MEDIA_TYPES[format],
      "content-disposition": `attachment; filename="${exportFileName(store, format)}"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
