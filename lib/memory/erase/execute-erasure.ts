import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { parseEraseValues } from "./erase-values.ts";
import { ERASURE } from "./erasure-operation.ts";
import { withPaths } from "./erasure-paths.ts";
import type { Erasure, ErasureItem } from "./erasure-rows.ts";

export interface ExecuteErasureInput {
  erasureId: string;
  /** The text again (only its hash was kept): it must be the dry run's; or */
  text?: unknown;
  /** the values again, for a pattern erase: exactly the picked set (compared by the SHA-256 of their hashes). */
  values?: unknown;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
  /** The request's workspace: an erasure of another answers as one that does not exist. */
  workspaceId: string;
}

/**
 * Carries out an erase's dry run (lib/memory/erase/erasure-operation.ts says how, the bulk
 * lifecycle when), given the text (or the picked values) again; the erasure becomes the report
 * (who, when, every version).
 */
export async function executeErasure(db: Db, input: ExecuteErasureInput): Promise<{ erasure: Erasure; items: ErasureItem[] }> {
  const { plan, items } = await executeBulk(db, ERASURE, {
    id: input.erasureId,
    confirmation: input.confirmation,
    actor: input.actor,
    workspaceId: input.workspaceId,
    check(erasure) {
      if (erasure.valueSha256s === null) {
        if (input.values != null) throw invalidRequest("values: this dry run erases one text: send it as query.");
        const { texts, querySha256 } = parseEraseValues(input.text, null);
        if (querySha256 !== erasure.querySha256) throw invalidRequest("query: is not the text of this dry run (compared by its SHA-256).");
        return { texts };
      }
      if (input.values == null) throw invalidRequest("values: this dry run erases several values: send them again, exactly the ones picked.");
      const { texts, querySha256 } = parseEraseValues(input.text, input.values);
      if (querySha256 !== erasure.querySha256) throw invalidRequest("values: are not the values of this dry run (compared by their SHA-256).");
      return { texts };
    },
  });
  return { erasure: plan, items: await withPaths(db.sql, items) };
}
