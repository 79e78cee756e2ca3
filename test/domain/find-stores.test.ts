import { describe, expect, it } from "vitest";
import { findStores } from "../../lib/memory/stores/find-stores.ts";
import { checkNewStore, insertStore } from "../../lib/memory/stores/create-store.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";

const DEFAULT_SCOPE = { workspaceId: DEFAULT_WORKSPACE_ID };
import { ENGINE, useFreshDatabase } from "./database.ts";

/** Find stores (issue 11) over more stores than one chunk (500): pages follow each other without gaps or repeats. */
const t = useFreshDatabase();

describe(`find stores on ${ENGINE}`, () => {
  it("pages through matches spread over several chunks, newest first", { timeout: 120_000 }, async () => {
    const tag = `chunks-${Date.now()}`;
    const wanted: string[] = [];
    await t.db.sqlTransaction(
      async (tx) => {
        for (let i = 0; i < 1_300; i++) {
          const store = await insertStore(tx, checkNewStore({ name: `Store ${i}`, metadata: { tag, every: String(i % 7) } }));
          if (i % 7 === 3) wanted.push(store.id);
        }
      },
      { timeoutMs: 60_000 },
    );
    const seen: string[] = [];
    let afterId: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await findStores(t.db, {
        includeArchived: false,
        metadata: [
          ["tag", tag],
          ["every", "3"],
        ],
        limit: 17,
        afterId,
        scope: DEFAULT_SCOPE,
      });
      seen.push(...page.items.map((s) => s.id));
      if (!page.nextAfterId) break;
      afterId = page.nextAfterId;
    }
    expect(seen).toEqual([...wanted].sort().reverse());
    const named = await findStores(t.db, { includeArchived: false, name: "STORE 1299", metadata: [["tag", tag]], limit: 5, scope: DEFAULT_SCOPE });
    expect(named.items.map((s) => s.name)).toEqual(["Store 1299"]);
  });
});
