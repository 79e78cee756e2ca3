import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { recordAuditEvent } from "./record-audit-event.ts";

/** An export's download, recorded as it starts (its own transaction: an export only reads). */
export async function recordExportDownload(db: Db, input: { actor: Actor | null; storeId: string; format: string }): Promise<void> {
  await db.sqlTransaction((tx) =>
    recordAuditEvent(tx, {
      action: "export.downloaded",
      actor: input.actor,
      target: { type: "memory_store", id: input.storeId },
      storeId: input.storeId,
      details: { format: input.format },
    }),
  );
}
