// GET /v1/exports/{store}?format=jsonl|tar.gz|zip – download a store, streamed (extension)
import { EXPORT_FORMATS, isExportFormat, MEDIA_TYPES } from "@/lib/export/formats.ts";
import { exportStream } from "@/lib/export/export-stream.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { getStore } from "@/lib/memory/stores/get-store.ts";

export const GET = apiRoute<{ store: string }>({ permission: "read", beta: false }, async ({ db, params, url }) => {
  const format = url.searchParams.get("format") ?? "jsonl";
  if (!isExportFormat(format)) throw invalidRequest(`format: must be one of ${EXPORT_FORMATS.join(", ")}.`);
  const store = await getStore(db.read, params.store);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(exportStream(db, store, format), {
    headers: {
      "content-type": MEDIA_TYPES[format],
      "content-disposition": `attachment; filename="${store.id}-${stamp}.${format}"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
