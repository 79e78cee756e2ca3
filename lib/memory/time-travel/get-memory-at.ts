import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { assertAnswerable } from "./answerable-moment.ts";
import { statesAt, type MemoryState } from "./states-at.ts";

/** One memory as it was at `at`, with its content then (null when redacted since); not found when it was not live then. */
export async function getMemoryAt(db: Db, input: { storeId: string; memoryId: string; at: Date }): Promise<MemoryState> {
  await assertAnswerable(db.sql, input.storeId, input.at, "as_of");
  const [state] = await statesAt(db.sql, input.storeId, input.at, { withContent: true, memoryIds: [input.memoryId] });
  if (!state) throw notFound(`Memory ${input.memoryId} was not live in memory store ${input.storeId} at ${input.at.toISOString()}.`);
  return state;
}
