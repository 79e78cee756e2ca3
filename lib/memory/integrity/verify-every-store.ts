import type { Db } from "../db.ts";
import { verifyStoreChain, type IntegrityReport } from "./verify-chain.ts";

/** Stores listed per page. */
const PAGE = 100;

/** Every store's history chain, one report at a time in id order (`npm run verify`). */
export async function* verifyEveryStore(db: Db): AsyncGenerator<{ name: string; report: IntegrityReport }> {
  let after = "";
  for (;;) {
    const stores = await db.sql.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM memory_stores WHERE id > ${after} ORDER BY id LIMIT ${PAGE}`;
    for (const store of stores) {
      const report = await verifyStoreChain(db, store.id);
      if (report) yield { name: store.name, report };
    }
    if (stores.length < PAGE) return;
    after = stores[stores.length - 1]!.id;
  }
}
