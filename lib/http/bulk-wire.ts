import { z } from "zod";
import { planExpiresAt, type BulkLifecycle } from "../memory/bulk/lifecycle.ts";
import { actorSchema } from "./wire-schemas.ts";

/** Wire shapes every bulk operation's plan and report share (erasures, bulk deletions; lib/memory/bulk). */
const timestamp = z.iso.datetime();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

export const bulkStatusSchema = z.enum(["planned", "running", "completed"]);

/** The lifecycle's fields of a plan or report, in the order they are sent (between the operation's own fields and its counts). */
export const lifecycleShape = {
  created_at: timestamp,
  created_by: actorSchema.nullable(),
  expires_at: timestamp.nullable(),
  confirmation: z.string(),
  executed_at: timestamp.nullable(),
  executed_by: actorSchema.nullable(),
  completed_at: timestamp.nullable(),
};

export function lifecycleWire(plan: BulkLifecycle, confirmation: string) {
  return {
    created_at: plan.createdAt.toISOString(),
    created_by: plan.createdBy,
    expires_at: isoOrNull(planExpiresAt(plan)),
    confirmation,
    executed_at: isoOrNull(plan.executedAt),
    executed_by: plan.executedBy,
    completed_at: isoOrNull(plan.completedAt),
  };
}

/** `?format=json|csv` on a report: downloads it as a file (absent: the JSON answer). */
export const reportFormatQuery = z.object({ format: z.enum(["json", "csv"], "must be json or csv").optional() });

/** A report as the answer, or downloaded as `<id>.json` or `<id>.csv`. */
export function reportAnswer<T>(id: string, format: "json" | "csv" | undefined, json: () => T, csv: () => string): T | Response {
  if (!format) return json();
  const attachment = { "content-disposition": `attachment; filename="${id}.${format}"` };
  return format === "csv"
    ? new Response(csv(), { headers: { "content-type": "text/csv; charset=utf-8", ...attachment } })
    : Response.json(json(), { headers: attachment });
}
