import { OPERATION_ROUTES } from "./operation-routes.ts";
import { z } from "zod";
import { EXPORT_FORMATS } from "../export/formats.ts";
import { IMPORT_FORMATS } from "../export/import-upload.ts";
import { ATTRIBUTIONS } from "../memory/import/attribution.ts";
import { CONFLICT_MODES } from "../memory/import/plan-import.ts";
import { listStoresQuery } from "./schemas.ts";
import { actorSchema, pageSchema } from "./wire-schemas.ts";

/**
 * Export and import (issue 12), an extension the hosted API does not have: the operations that
 * lib/http/operations.ts adds to the one table the routes and the OpenAPI document use. An
 * export answers a file (JSON Lines, zip or tar.gz), streamed; an import takes the file as the
 * request body and answers its plan or its report.
 */
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const flag = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");

export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS, `must be one of ${EXPORT_FORMATS.join(", ")}`).optional() });
export const importQuery = z.object({
  format: z.enum(IMPORT_FORMATS, `must be one of ${IMPORT_FORMATS.join(", ")}`),
  store_id: z.string().optional(),
  name: z.string().optional(),
  on_conflict: z.enum(CONFLICT_MODES, `must be one of ${CONFLICT_MODES.join(", ")}`).optional(),
  dry_run: flag.optional(),
  plan_digest: z.string().optional(),
  skip_problems: flag.optional().meta({
    description:
      "Files (zip, tar.gz): import the files without problems and leave out those the dry run refused (counted as refused in the report). Needs plan_digest, so only what the preview showed is left out.",
  }),
  source_name: z.string().max(255, "must be at most 255 characters").optional(),
  attribution: z
    .enum(ATTRIBUTIONS, `must be one of ${ATTRIBUTIONS.join(", ")}`)
    .optional()
    .meta({
      description:
        "format=jsonl: whose authorship the versions show as created_by / created_at. importer: the principal importing and the import's time; file: the file's authors and times (admins only: moving a store between servers). Default: file for an admin, importer for anyone else. Either way each version is marked imported, with the file's claim.",
    }),
  progress: flag.optional().meta({
    description:
      "true (not with dry_run): answer application/x-ndjson at once, {type:'import_progress', written, total} lines while the import runs, then the import_result or the error envelope as the last line.",
  }),
});
export const listImportsQuery = listStoresQuery.pick({ limit: true, page: true }).extend({ store_id: z.string().optional() });

const importResultSchema = extension(
  z.object({
    type: z.literal("import_result"),
    dry_run: z.boolean(),
    import_id: z.string().nullable().meta({ description: "The report the import left (GET /v1/imports/{id}); null for a dry run." }),
    store_id: z.string().nullable(),
    with_history: z.boolean(),
    plan_digest: z.string().nullable().meta({ description: "Send it back to import exactly what this dry run saw (required to overwrite)." }),
    counts: z.record(z.string(), z.number().int()),
    history_chain: z
      .object({
        status: z.enum(["verified", "broken", "absent", "incomplete"]),
        versions_checked: z.number().int(),
        first_broken_version_id: z.string().nullable(),
        problem: z.string().nullable(),
        head: z.object({ chain_seq: z.number().int(), chain_hash: z.string().nullable() }).nullable(),
      })
      .optional()
      .meta({
        description:
          "format=jsonl: the history chain the file carried, recomputed from it before anything was written (absent: the file has none; incomplete: the export left memories out). The imported versions start a new chain in this store.",
      }),
    items: z.array(
      z.object({
        path: z.string(),
        action: z.string(),
        content_sha256: z.string().nullable(),
        size_bytes: z.number().int().nullable(),
        existing_content_sha256: z.string().nullable(),
        problem: z.string().nullable(),
      }),
    ),
  }),
  "ImportResult",
  "An import's dry run (the tree it would write, with each item's problem) or its report.",
);

const importReportSchema = extension(
  z.object({
    type: z.literal("import_report"),
    id: z.string(),
    memory_store_id: z.string(),
    new_store: z.boolean(),
    source: z.string().meta({ description: "zip, tar.gz, jsonl or folder." }),
    source_name: z.string().nullable(),
    on_conflict: z.string().nullable(),
    with_history: z.boolean(),
    created_at: z.iso.datetime(),
    created_by: actorSchema.nullable(),
    counts: z.record(z.string(), z.number().int()),
    memories_written: z.number().int(),
    versions_written: z.number().int(),
    items: z.array(z.object({ memory_id: z.string(), memory_version_id: z.string(), action: z.string() })).optional(),
  }),
  "ImportReport",
  "What an import wrote: who, when, from which source, into which store, its counts and (retrieved alone) every version it wrote.",
);

const transfer = { beta: false, extension: true } as const;
export const TRANSFER_OPERATIONS = {
  exportStore: {
    ...OPERATION_ROUTES.exportStore,
    ...transfer,
    summary:
      "Download a store, streamed: JSON Lines with history (default), or zip / tar.gz of its memories with a manifest; saved as <store-name-slug>-<YYYY-MM-DD>.<ext>",
    permission: "read",
    query: exportQuery,
    response: extension(z.string(), "ExportFile", "The file itself (application/x-ndjson, application/zip or application/gzip)."),
  },
  importUpload: {
    ...OPERATION_ROUTES.importUpload,
    ...transfer,
    summary: "Import a zip, tar.gz or JSON Lines export (the request body) into a store or a new one; dry_run first",
    permission: "write",
    query: importQuery,
    response: importResultSchema,
  },
  listImports: {
    ...OPERATION_ROUTES.listImports,
    ...transfer,
    summary: "Import reports, newest first (store_id filters)",
    permission: "read",
    query: listImportsQuery,
    response: pageSchema(importReportSchema),
  },
  retrieveImport: {
    ...OPERATION_ROUTES.retrieveImport,
    ...transfer,
    summary: "One import report with every version it wrote",
    permission: "read",
    response: importReportSchema,
  },
} as const;
