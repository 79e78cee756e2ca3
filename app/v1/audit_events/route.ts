// GET /v1/audit_events – the audit log, paged, or downloaded whole as CSV or JSON Lines (extension, admins)
import { auditCsvLines, auditEventWire } from "@/lib/http/audit-wire.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import type { Db } from "@/lib/memory/db.ts";
import { listAuditEvents, type AuditFilter } from "@/lib/memory/audit/list-audit-events.ts";

const DOWNLOAD_PAGE = 500;

export const GET = apiRoute(OPERATIONS.listAuditEvents, async ({ db, query, principal }) => {
  // Organisation admins read every event; anyone else only their workspace's.
  const filter: AuditFilter = { action: query.action, actorId: query.actor_id, workspaceId: principal.orgAdmin ? null : principal.workspaceId };
  if (query.format) return download(db, filter, query.format);
  const key = { action: query.action ?? "", actor: query.actor_id ?? "" };
  const cursor = decodeCursor<{ before: string; action: string; actor: string }>(query.page, key, ["before"]);
  const page = await listAuditEvents(db, { ...filter, limit: pageSize(query.limit, false), before: cursor?.before });
  return { data: page.items.map(auditEventWire), next_page: page.next && encodeCursor({ before: page.next, ...key }) };
});

/** Every matching event, newest first, read a page at a time as the client takes the bytes. */
function download(db: Db, filter: AuditFilter, format: "csv" | "jsonl"): Response {
  let before: string | undefined;
  let first = true;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return controller.close();
      const page = await listAuditEvents(db, { ...filter, limit: DOWNLOAD_PAGE, before });
      const text = format === "csv" ? auditCsvLines(page.items, first) : page.items.map((e) => JSON.stringify(auditEventWire(e)) + "\n").join("");
      first = false;
      before = page.next ?? undefined;
      done = page.next === null;
      controller.enqueue(Buffer.from(text, "utf8"));
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson",
      "content-disposition": `attachment; filename="audit-events-${stamp}.${format}"`,
      "cache-control": "no-store",
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
