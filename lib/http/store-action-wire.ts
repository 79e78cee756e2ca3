import { z } from "zod";
import type { StoreAction, StoreActionItem, StoreActionKind, StoreActionSelection } from "../memory/store-actions/store-action-rows.ts";
import { storeActionPhrase } from "../memory/store-actions/store-action-rows.ts";
import { parseStoreFilter, type StoreSelection } from "../memory/stores/store-selection.ts";
import { invalidRequest } from "../memory/errors.ts";
import { bulkStatusSchema, lifecycleShape, lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";

/**
 * Wire shapes of the bulk store actions (POST /v1/store_archivals, /v1/store_deletions; an
 * extension): a selection by ids or by a filter whose fields are GET /v1/store_search's.
 */
const filterBody = z.strictObject({
  name: z.string().nullish(),
  /** `key:value` strings as store_search takes them, or an object of pairs. */
  metadata: z.union([z.array(z.string()), z.record(z.string(), z.string())]).nullish(),
  archived: z
    .boolean()
    .nullish()
    .meta({ description: "true: only archived stores; false (default): only active ones. An archival never selects archived stores." }),
  include_archived: z.boolean().nullish(),
  idle_days: z.number().int().min(0).max(36_500).nullish(),
  min_fill_percent: z.number().int().min(0).max(100).nullish(),
  min_content_bytes: z.number().int().min(0).nullish(),
});

export const storeActionBody = z
  .strictObject({
    memory_store_ids: z.array(z.string()).max(10_000).optional().meta({ description: "The stores, by id (at most 10,000)." }),
    filter: filterBody.optional().meta({ description: "Or the stores GET /v1/store_search would list with these parameters." }),
  })
  .meta({ description: "Either memory_store_ids or filter." });

export const executeStoreActionBody = z.strictObject({ confirmation: z.string() });

/** The request's selection, checked: exactly one of ids and filter; a filter's fields as store_search checks them. */
export function selectionOf(body: z.infer<typeof storeActionBody>): StoreActionSelection {
  if ((body.memory_store_ids === undefined) === (body.filter === undefined)) throw invalidRequest("Give either memory_store_ids or filter.");
  if (body.memory_store_ids) return { storeIds: body.memory_store_ids };
  const f = body.filter!;
  if (f.archived != null && f.include_archived != null) throw invalidRequest("filter: give archived or include_archived, not both.");
  const pairs = Array.isArray(f.metadata) ? f.metadata : Object.entries(f.metadata ?? {}).map(([k, v]) => `${k}:${v}`);
  const archived: StoreSelection["archived"] = f.archived === true ? "only" : f.include_archived ? "include" : "exclude";
  return {
    filter: {
      ...parseStoreFilter(f.name ?? undefined, pairs),
      archived,
      idleDays: f.idle_days ?? undefined,
      minFillPercent: f.min_fill_percent ?? undefined,
      minContentBytes: f.min_content_bytes ?? undefined,
    },
  };
}

function selectionWire(selection: StoreActionSelection) {
  if ("storeIds" in selection) return { memory_store_ids: [...selection.storeIds], filter: null };
  const f = selection.filter;
  return {
    memory_store_ids: null,
    filter: {
      name: f.name ?? null,
      metadata: (f.metadata ?? []).map(([k, v]) => `${k}:${v}`),
      archived: f.archived,
      idle_days: f.idleDays ?? null,
      min_fill_percent: f.minFillPercent ?? null,
      min_content_bytes: f.minContentBytes ?? null,
    },
  };
}

const WIRE_TYPE = { archive: "store_archival", delete: "store_deletion" } as const;

function itemWire(item: StoreActionItem) {
  return {
    memory_store_id: item.storeId,
    name: item.name,
    memory_count: item.memoryCount,
    content_bytes: item.contentBytes,
    last_memory_write_at: item.lastMemoryWriteAt?.toISOString() ?? null,
    kind: item.kind,
    outcome: item.outcome,
  };
}

/** A store archival or deletion: the dry run while `planned`, the report once `completed`; with its items when asked for. */
export function storeActionWire(plan: StoreAction, items?: StoreActionItem[]) {
  return {
    type: WIRE_TYPE[plan.action],
    id: plan.id,
    status: plan.status,
    origin: plan.origin,
    ...selectionWire(plan.selection),
    ...lifecycleWire(plan, storeActionPhrase(plan)),
    counts: { stores_before: plan.countBefore, memories_before: plan.memoriesBefore, content_bytes_before: plan.bytesBefore, stores_after: plan.countAfter },
    ...(items && { items: items.map(itemWire) }),
  };
}

/** The report as CSV, one line per store; a store name is anyone's text (lib/http/csv.ts neutralises formulas). */
export function storeActionCsv(plan: StoreAction, items: StoreActionItem[]): string {
  const columns: CsvColumn<StoreActionItem>[] = [
    [`${WIRE_TYPE[plan.action]}_id`, () => plan.id],
    ["memory_store_id", (i) => i.storeId],
    ["name", (i) => i.name],
    ["memory_count", (i) => i.memoryCount],
    ["content_bytes", (i) => i.contentBytes],
    ["last_memory_write_at", (i) => i.lastMemoryWriteAt?.toISOString() ?? ""],
    ["kind", (i) => i.kind],
    ["outcome", (i) => i.outcome],
  ];
  return toCsv(columns, items);
}

/** The response schema of one action's plans and reports (the OpenAPI document's component). */
export function storeActionSchema(action: StoreActionKind) {
  const name = action === "archive" ? "StoreArchival" : "StoreDeletion";
  return z
    .object({
      type: z.literal(WIRE_TYPE[action]),
      id: z.string(),
      status: bulkStatusSchema,
      origin: z.enum(["request", "lifecycle"]).meta({ description: "request: someone asked; lifecycle: the workspace's archive_after_idle_days rule swept." }),
      memory_store_ids: z.array(z.string()).nullable(),
      filter: z
        .object({
          name: z.string().nullable(),
          metadata: z.array(z.string()),
          archived: z.enum(["exclude", "include", "only"]),
          idle_days: z.number().int().nullable(),
          min_fill_percent: z.number().int().nullable(),
          min_content_bytes: z.number().int().nullable(),
        })
        .nullable(),
      ...lifecycleShape,
      counts: z.object({
        stores_before: z.number().int(),
        memories_before: z.number().int(),
        content_bytes_before: z.number().int(),
        stores_after: z.number().int().nullable().meta({ description: "Stores the selection still holds once done (late ones and any left)." }),
      }),
      items: z
        .array(
          z.object({
            memory_store_id: z.string(),
            name: z.string(),
            memory_count: z.number().int(),
            content_bytes: z.number().int(),
            last_memory_write_at: z.iso.datetime().nullable(),
            kind: z.enum(["planned", "late"]),
            outcome: z.enum(["planned", "archived", "deleted", "late", "gone", "skipped", "left"]),
          }),
        )
        .optional(),
    })
    .meta({
      id: name,
      description: `A bulk store ${action === "archive" ? "archival" : "deletion"}: its dry run while planned, its report once completed.`,
      "x-memory-console-extension": true,
    });
}
