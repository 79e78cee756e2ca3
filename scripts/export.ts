// npm run export -- --store ID --format jsonl|tar.gz|zip --out FILE – a store to a file, straight from the database
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { integritySigner } from "../lib/server/integrity-signer.ts";
import { getDb } from "../lib/db/instance.ts";
import { exportStream } from "../lib/export/export-stream.ts";
import { EXPORT_FORMATS, isExportFormat } from "../lib/export/formats.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { getStore } from "../lib/memory/stores/get-store.ts";

const { values } = parseArgs({ options: { store: { type: "string" }, format: { type: "string", default: "jsonl" }, out: { type: "string" } } });
if (!values.store || !values.out || !isExportFormat(values.format)) {
  console.error(`Usage: npm run export -- --store <memstore_id> --format ${EXPORT_FORMATS.join("|")} --out <file>`);
  process.exit(2);
}
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
