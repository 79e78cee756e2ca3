import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { storeTotalsAt } from "../../lib/memory/stores/store-totals-at.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

// The store as of a moment, in numbers (GET /v1/point_in_time/{store}): after every write of a
// scripted history the live memories and their bytes are recorded; asked at each of those
// moments, the totals equal what was live then, whatever came after (moves, deletes, a
// re-creation at the same path, a redaction of a version that was current then).
const t = useFreshDatabase();
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

type Recorded = { at: Date; count: number; bytes: number; redacted: number };

async function newestVersionAt(storeId: string): Promise<Date> {
  const [row] = await t.db.sql.$queryRaw<{ at: Date | string }[]>`SELECT max(created_at) AS at FROM memory_versions WHERE store_id = ${storeId}`;
  return new Date(row!.at);
}

async function liveTotals(storeId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await t.db.sql.$queryRaw<{ n: number | bigint; bytes: number | bigint | null }[]>`
    SELECT count(*) AS n, sum(content_size_bytes) AS bytes FROM memories WHERE store_id = ${storeId}`;
  return { count: Number(row!.n), bytes: Number(row!.bytes ?? 0) };
}

describe(`the store's totals as of a moment on ${ENGINE}`, () => {
  it("equal what was live at each moment of a history, with a redacted state counted apart", async () => {
    const storeId = await newStore(t.db);
    const recorded: Recorded[] = [];
    const step = async (write: () => Promise<unknown>) => {
      await tick();
      await write();
      recorded.push({ at: await newestVersionAt(storeId), ...(await liveTotals(storeId)), redacted: 0 });
    };
    const a = await createMemory(t.db, { storeId, path: "/a.md", content: "alpha", actor: API_ACTOR });
    recorded.push({ at: await newestVersionAt(storeId), ...(await liveTotals(storeId)), redacted: 0 });
    let b = { id: "" };
    await step(async () => (b = await createMemory(t.db, { storeId, path: "/notes/b.md", content: "bravo bravo", actor: API_ACTOR })));
    await step(() => updateMemory(t.db, { storeId, memoryId: a.id, content: "alpha, longer now — ü", actor: API_ACTOR }));
    await step(() => updateMemory(t.db, { storeId, memoryId: b.id, path: "/moved/b.md", actor: API_ACTOR }));
    await step(() => createMemory(t.db, { storeId, path: "/c.md", content: "c", actor: API_ACTOR }));
    await step(() => deleteMemory(t.db, { storeId, memoryId: b.id, actor: API_ACTOR }));
    await step(() => createMemory(t.db, { storeId, path: "/moved/b.md", content: "bravo again", actor: API_ACTOR }));
    await step(() => updateMemory(t.db, { storeId, memoryId: a.id, content: "alpha 3", actor: API_ACTOR }));

    for (const [i, then] of recorded.entries()) {
      const totals = await storeTotalsAt(t.db, { storeId, at: then.at });
      expect({ step: i, count: totals.memoryCount, bytes: totals.contentSizeBytes, redacted: totals.redactedCount }).toEqual({
        step: i,
        count: then.count,
        bytes: then.bytes,
        redacted: 0,
      });
    }
    // Before the first write: nothing.
    expect(await storeTotalsAt(t.db, { storeId, at: new Date(recorded[0]!.at.getTime() - 1) })).toMatchObject({ memoryCount: 0, contentSizeBytes: 0 });

    // The version /a.md was at after its first change is redacted: at that moment /a.md still
    // counts as a memory, its size is not known any more.
    const [second] = await t.db.sql.$queryRaw<{ id: string; content_size_bytes: number | bigint }[]>`
      SELECT id, content_size_bytes FROM memory_versions WHERE memory_id = ${a.id} AND operation = 'modified' ORDER BY id LIMIT 1`;
    await redactVersion(t.db, { storeId, versionId: second!.id, actor: API_ACTOR });
    const at = recorded[2]!;
    expect(await storeTotalsAt(t.db, { storeId, at: at.at })).toMatchObject({
      memoryCount: at.count,
      contentSizeBytes: at.bytes - Number(second!.content_size_bytes),
      redactedCount: 1,
    });
  });

  it("refuses a moment in the future, and an unknown store is not found", async () => {
    const storeId = await newStore(t.db);
    await expect(storeTotalsAt(t.db, { storeId, at: new Date(Date.now() + 60_000) })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(storeTotalsAt(t.db, { storeId: "memstore_nope", at: new Date() })).rejects.toMatchObject({ code: "not_found" });
  });
});
