import type { Actor } from "../actor.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { assertStoresInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { parseMarker } from "./erase-text.ts";
import { parseEraseValues, parsePatternType } from "./erase-values.ts";
import { ERASURE } from "./erasure-operation.ts";
import { withPaths } from "./erasure-paths.ts";
import { ERASE_ACTIONS, type EraseAction, type Erasure, type ErasureItem } from "./erasure-rows.ts";

export interface PlanErasureInput {
  /** One text to erase; or */
  text?: unknown;
  /** several values (picked from a pattern's matches: lib/memory/erase/find-matches.ts), erased in one run. */
  values?: unknown;
  /** How the values were found (kept in the report; never the pattern itself). */
  patternType?: unknown;
  /** The stores to erase from; null means every store of the workspace. */
  storeIds: readonly string[] | null;
  /** The request's workspace: the erasure is made, and erases, only there (a store of another answers as missing). */
  workspaceId: string;
  action: unknown;
  marker?: unknown;
  actor: Actor;
}

/**
 * The dry run of an erase: every current memory and every retained version holding the text
 * (or any of the values), recorded in the database (the text itself only as its SHA-256, the
 * values as theirs) so that the erase can act on exactly what was seen here, with what it plans
 * for each memory (rewrite or delete). Changes no memory.
 */
export async function planErasure(db: Db, input: PlanErasureInput): Promise<{ erasure: Erasure; items: ErasureItem[] }> {
  const values = parseEraseValues(input.text, input.values);
  const patternType = parsePatternType(input.patternType);
  if (patternType !== null && values.valueSha256s === null) throw invalidRequest("pattern_type: only with values.");
  if (!ERASE_ACTIONS.includes(input.action as EraseAction)) throw invalidRequest(`action: must be one of ${ERASE_ACTIONS.join(", ")}.`);
  const action = input.action as EraseAction;
  const marker = parseMarker(
    input.marker,
    action,
    values.texts.map((t) => t.text),
  );
  const storeIds = input.storeIds === null ? null : [...new Set(input.storeIds)];
  await assertStoresInWorkspace(db.sql, input.workspaceId, storeIds ?? []);
  const selection = { values, patternType, storeIds, workspaceId: input.workspaceId, action, marker, withActions: true };
  const { plan, items } = await planBulk(db, ERASURE, { selection, actor: input.actor, workspaceId: input.workspaceId });
  return { erasure: plan, items: await withPaths(db.sql, items) };
}
