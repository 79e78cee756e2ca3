import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import type { Db } from "../db.ts";
import { conflict } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { getVersion } from "./get-version.ts";

/**
 * Clears a version's content, path, hash and size and records who redacted it and when;
 * `created_by` stays. Refused for the head version of a live memory (write a new version or
 * delete the memory first). Allowed in archived stores. Redacting twice keeps the first record.
 */
export async function redactVersion(db: Db, input: { storeId: string; versionId: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    await lockStore(tx, input.storeId);
    const version = await getVersion(tx, input.storeId, input.versionId);
    if (version.redactedAt) return version;
    const head = await tx.memoryRecord.findFirst({ where: { id: version.memoryId, memoryVersionId: version.id }, select: { path: true } });
    if (head) {
      throw conflict(
        `Memory version ${version.id} holds the current content of memory ${version.memoryId} (${head.path}) and cannot be redacted. Update or delete the memory first, then redact this version.`,
      );
    }
    return tx.memoryVersion.update({
      where: { id: version.id },
      data: {
        content: null,
        path: null,
        contentSha256: null,
        contentSizeBytes: null,
        redactedAt: new Date(),
        redactedByType: input.actor.type,
        redactedById: actorId(input.actor),
      },
    });
  });
}
