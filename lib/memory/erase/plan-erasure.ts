import type { Actor } from "../actor.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { parseEraseText, parseMarker } from "./erase-text.ts";
import { ERASURE } from "./erasure-operation.ts";
import { ERASE_ACTIONS, type EraseAction, type Erasure, type ErasureItem } from "./erasure-rows.ts";

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
  const { plan, items } = await planBulk(db, ERASURE, { selection: { text, storeIds, action, marker }, actor: input.actor });
  return { erasure: plan, items };
}
