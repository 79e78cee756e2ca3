// npm run export -- --store ID --format jsonl|tar.gz|zip --out FILE – a store to a file, straight from the database
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { integritySigner } from "../lib/server/integrity-signer.ts";
import { getDb } from "../lib/db/instance.ts";
import { exportStream } from "../lib/export/export-stream.ts";
import { defineCommand } from "../lib/cli/command-line.ts";
import { EXPORT_FORMATS } from "../lib/export/formats.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { getStore } from "../lib/memory/stores/get-store.ts";

const { values } = defineCommand({
  script: "export",
  summary:
    "Writes one store to a file, read straight from the database named by DATABASE_URL: " +
    "its memories and their history, in the formats of GET /v1/exports/{store}.",
  options: {
    store: { type: "string", placeholder: "memstore_id", required: true, description: "the store to export" },
    format: {
      type: "string",
      choices: EXPORT_FORMATS,
      default: "jsonl",
      description: "JSON Lines with the full history, or an archive of the current memories",
    },
    out: { type: "string", placeholder: "file", required: true, description: "the file to write" },
  },
  examples: ["npm run export -- --store memstore_01JD4Y7KQ2M8X9V6T3R5P0N1BC --format zip --out notes.zip"],
}).parseOrExit();
const db = await getDb();
try {
  const store = await getStore(db.sql, values.store);
  const stream = exportStream(db, store, values.format, integritySigner());
  await pipeline(Readable.fromWeb(stream as NodeReadableStream<Uint8Array>), createWriteStream(values.out));
  console.log(`exported ${store.id} (${store.memoryCount} memories) as ${values.format} to ${values.out}`);
} catch (error) {
  if (!(error instanceof MemoryError)) throw error;
  console.error(`export: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
