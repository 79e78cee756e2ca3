// A separate process that keeps writing to a SQLite database through the app's own write path
// until SIGTERM: creates memories and updates each once, ~100 writes a second (backup.test.ts takes backups meanwhile).
import { openDb } from "../../lib/db/client.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";

const [file, storeId] = process.argv.slice(2) as [string, string];
const db = await openDb({ engine: "sqlite", file });
const actor = { type: "api_actor", api_key_id: "apikey_backupwriter" } as const;
let stopping = false;
process.on("SIGTERM", () => (stopping = true));
for (let i = 0; !stopping; i++) {
  const memory = await createMemory(db, { storeId, path: `/notes/note-${i}.md`, content: `note ${i}\n${"x".repeat(i % 500)}`, actor });
  await updateMemory(db, { storeId, memoryId: memory.id, content: `note ${i}, edited`, actor });
  if (i === 0) console.log("writing");
  // A steady load, not a flood: the machine is shared, and a store holds at most 10,000 memories.
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await db.close();
