import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import { newId } from "../ids.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { parseEraseText, parseMarker } from "./erase-text.ts";
import { ERASE_ACTIONS, insertItems, type EraseAction, type Erasure, type ErasureItem } from "./erasure-rows.ts";
import { findErasable } from "./find-erasable.ts";

export interface PlanErasureInput {
  text: unknown;
  /** The stores to erase from; null means every store. */
  storeIds: readonly string[] | null;
  action: unknown;
  marker?: unknown;
  actor: Actor;
}

/**
 * The dry run of an erase: every current memory and every retained version holding the text,
 * recorded in the database (the text itself only as its SHA-256) so that the erase can act on
 * exactly what was seen here. Changes no memory.
 */
export async function planErasure(db: Db, input: PlanErasureInput): Promise<{ erasure: Erasure; items: ErasureItem[] }> {
  const text = parseEraseText(input.text);
  if (!ERASE_ACTIONS.includes(input.action as EraseAction)) throw invalidRequest(`action: must be one of ${ERASE_ACTIONS.join(", ")}.`);
  const action = input.action as EraseAction;
  const marker = parseMarker(input.marker, action, text.text);
  const storeIds = input.storeIds === null ? null : [...new Set(input.storeIds)];
  for (const id of storeIds ?? []) await assertStoreExists(db.sql, id);

  const found = await findErasable(db, text, storeIds);
  const items: ErasureItem[] = found.map((v) => ({ ...v, kind: v.current ? "head" : "history", outcome: "planned" }));
  const erasure: Erasure = {
    id: newId("erasure"),
    querySha256: sha256Hex(text.text),
    action,
    marker,
    storeIds,
    status: "planned",
    createdBy: input.actor,
    createdAt: new Date(),
    executedBy: null,
    executedAt: null,
    completedAt: null,
    memoriesBefore: items.filter((i) => i.kind === "head").length,
    versionsBefore: items.length,
    memoriesAfter: null,
    versionsAfter: null,
  };
  await db.sqlTransaction(
    async (tx) => {
      await tx.$executeRaw`
        INSERT INTO erasures (id, query_sha256, action, marker, store_ids, status, created_by_type, created_by_id, created_at, memories_before, versions_before)
        VALUES (${erasure.id}, ${erasure.querySha256}, ${action}, ${marker}, ${storeIds === null ? null : JSON.stringify(storeIds)}, 'planned',
          ${input.actor.type}, ${actorId(input.actor)}, ${erasure.createdAt}, ${erasure.memoriesBefore}, ${erasure.versionsBefore})`;
      await insertItems(tx, erasure.id, items);
    },
    { timeoutMs: 60_000 },
  );
  return { erasure, items };
}
