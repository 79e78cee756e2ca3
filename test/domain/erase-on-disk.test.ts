import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { compactSqlite } from "../../lib/db/compact.ts";
import { migrate } from "../../lib/db/migrate.ts";
import type { Actor } from "../../lib/memory/actor.ts";
import { executeErasure } from "../../lib/memory/erase/execute-erasure.ts";
import { confirmationPhrase } from "../../lib/memory/erase/erasure-rows.ts";
import { planErasure } from "../../lib/memory/erase/plan-erasure.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { API_ACTOR, ENGINE } from "./database.ts";

/**
 * SQLite: what an erase or a redaction removes is gone from the database's files, not only from
 * its rows: freed bytes are overwritten (secure_delete) and the log that still held old copies of
 * the pages is emptied. The texts carry punctuation, which the
 * search index splits (words) or cuts into 3-character pieces (exact), so the whole text can
 * only be found where the content itself was. Contents of ~20 kB live on overflow pages, which
 * SQLite's default would free without overwriting, and every update frees the memory's old head.
 */
const ADMIN: Actor = { type: "user_actor", user_id: "user_admin" };
const filler = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}: notes about the weekly sync and its action items`).join("\n");

describe.skipIf(ENGINE !== "sqlite")("erased and redacted text on disk (SQLite)", () => {
  let dir: string;
  let file: string;
  let db: OpenDb;
  const onDisk = (text: string) => [file, `${file}-wal`].filter(existsSync).some((f) => readFileSync(f).includes(Buffer.from(text, "utf8")));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "memc-erase-disk-"));
    file = join(dir, "memory-console.db");
    await migrate({ engine: "sqlite", file });
    db = await openDb({ engine: "sqlite", file });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an erase leaves the text nowhere in the database file or its log", async () => {
    const storeId = (await createStore(db, { name: "on disk" })).id;
    const secret = "sk-ant-api03-Zq8_on-disk-7731";
    const body = `${filler(200)}\nkey: ${secret}\n${filler(200)}`;
    const m = await createMemory(db, { storeId, path: "/keys/prod.md", content: body, actor: API_ACTOR });
    await updateMemory(db, { storeId, memoryId: m.id, content: `${body}\nrotated soon`, actor: API_ACTOR });
    const small = await createMemory(db, { storeId, path: "/keys/short.md", content: `also ${secret}`, actor: API_ACTOR });
    await deleteMemory(db, { storeId, memoryId: small.id, actor: API_ACTOR });
    expect(onDisk(secret)).toBe(true);

    const { erasure } = await planErasure(db, { workspaceId: DEFAULT_WORKSPACE_ID, text: secret, storeIds: [storeId], action: "replace", actor: ADMIN });
    const done = await executeErasure(db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      erasureId: erasure.id,
      text: secret,
      confirmation: confirmationPhrase(erasure),
      actor: ADMIN,
    });
    expect(done.erasure).toMatchObject({ status: "completed", versionsAfter: 0 });

    expect(onDisk(secret)).toBe(false);
    expect(onDisk("Zq8_on-disk")).toBe(false);
  });

  it("a redaction leaves the version's text nowhere in the database file or its log", async () => {
    // A bulk deletion just before relaxes secure_delete for its own transaction only.
    await deleteStore(db, (await createStore(db, { name: "deleted first" })).id);
    const storeId = (await createStore(db, { name: "redacted on disk" })).id;
    const text = "Maria Lopez, +1 (555) 010-9182";
    const m = await createMemory(db, { storeId, path: "/people/maria.md", content: `${filler(300)}\n${text}\n`, actor: API_ACTOR });
    await updateMemory(db, { storeId, memoryId: m.id, content: "Maria moved; details removed", actor: API_ACTOR });
    expect(onDisk(text)).toBe(true);

    await redactVersion(db, { storeId, versionId: m.memoryVersionId, actor: ADMIN });
    expect(onDisk(text)).toBe(false);
  });

  it("after compaction not even the search index's pages hold an erased word", async () => {
    const storeId = (await createStore(db, { name: "compacted" })).id;
    // A word the index keeps whole (lower case, letters and digits), in a store of other notes.
    const word = "lovelace1815";
    for (let i = 0; i < 30; i++)
      await createMemory(db, {
        storeId,
        path: `/n/${i}.md`,
        content: `${filler(5)}
note ${i}`,
        actor: API_ACTOR,
      });
    await createMemory(db, { storeId, path: "/people/ada.md", content: `email: ada.${word}@example.com`, actor: API_ACTOR });
    const { erasure } = await planErasure(db, { workspaceId: DEFAULT_WORKSPACE_ID, text: word, storeIds: [storeId], action: "delete", actor: ADMIN });
    await executeErasure(db, { workspaceId: DEFAULT_WORKSPACE_ID, erasureId: erasure.id, text: word, confirmation: confirmationPhrase(erasure), actor: ADMIN });

    await db.close();
    const { bytesAfter } = compactSqlite(file);
    expect(bytesAfter).toBeGreaterThan(0);
    expect(onDisk(word)).toBe(false);
    expect(onDisk("note 29")).toBe(true);
    db = await openDb({ engine: "sqlite", file });
  });
});
