import { describe, expect, it } from "vitest";
import { archiveWorkspace, createWorkspace } from "../../lib/auth/workspaces.ts";
import { MemoryError } from "../../lib/memory/errors.ts";
import { checkNewStore, insertStore } from "../../lib/memory/stores/create-store.ts";
import { API_ACTOR, useFreshDatabase } from "./database.ts";

/**
 * A workspace with a live store is never archived (docs/design.md, "Workspaces"), even when the
 * store arrives while the archive runs: a store created (or moved, the same lock) in the workspace holds the
 * workspace's row until it commits, and the archive takes that row before it counts. Without the
 * lock, PostgreSQL's archive would count before the new store committed and archive anyway.
 */
const t = useFreshDatabase();

/** Runs `arrive` in a transaction held open after it wrote, starts the archive, then lets the transaction commit. */
async function archiveWhile(workspaceId: string, arrive: (tx: Parameters<Parameters<typeof t.db.sqlTransaction>[0]>[0]) => Promise<unknown>) {
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const arriving = t.db.sqlTransaction(async (tx) => {
    await arrive(tx);
    wrote();
    await held;
  });
  await written;
  const archiving = archiveWorkspace(t.db, workspaceId, API_ACTOR).then(
    () => "archived",
    (error: unknown) => (error instanceof MemoryError ? error.code : error),
  );
  // Long enough for the archive to reach the lock on PostgreSQL (on SQLite it waits for the writer).
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await arriving;
  return archiving;
}

describe("archiving a workspace while a store arrives", () => {
  it("is refused when the store is being created in it", async () => {
    const ws = await createWorkspace(t.db, { name: "Closing" }, API_ACTOR);
    expect(await archiveWhile(ws.id, (tx) => insertStore(tx, checkNewStore({ name: "late", workspaceId: ws.id })))).toBe("conflict");
  });
});
