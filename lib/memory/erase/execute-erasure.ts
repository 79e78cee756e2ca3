import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import { parseEraseText } from "./erase-text.ts";
import { ERASURE } from "./erasure-operation.ts";
import type { Erasure, ErasureItem } from "./erasure-rows.ts";

export interface ExecuteErasureInput {
  erasureId: string;
  /** The text again (only its hash was kept): it must be the dry run's. */
  text: unknown;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
}

/**
 * Carries out an erase's dry run (lib/memory/erase/erasure-operation.ts says how, the bulk
 * lifecycle when), given the text again; the erasure becomes the report (who, when, every version).
 */
export async function executeErasure(db: Db, input: ExecuteErasureInput): Promise<{ erasure: Erasure; items: ErasureItem[] }> {
  const { plan, items } = await executeBulk(db, ERASURE, {
    id: input.erasureId,
    confirmation: input.confirmation,
    actor: input.actor,
    check(erasure) {
      const text = parseEraseText(input.text);
      if (sha256Hex(text.text) !== erasure.querySha256) throw invalidRequest("query: is not the text of this dry run (compared by its SHA-256).");
      return { text };
    },
  });
  return { erasure: plan, items };
}
