import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { pack as tarPack } from "tar-stream";
import { assertSafeEntryName } from "./safe-entry-name.ts";

/**
 * A tar.gz written a file at a time, as a web stream the reader pulls: each entry resolves once
 * the pack has taken its bytes, which waits while the reader is behind. Every entry name is
 * checked first (safe-entry-name.ts), as the zip writer does.
 */
export function tarGzWriter() {
  const pack = tarPack();
  const gzip = createGzip();
  return {
    stream: Readable.toWeb(pack.pipe(gzip)) as ReadableStream<Uint8Array>,
    entry(name: string, data: Uint8Array, mtime: Date): Promise<void> {
      assertSafeEntryName(name);
      return new Promise<void>((ok, fail) => pack.entry({ name, size: data.byteLength, mtime, mode: 0o644 }, Buffer.from(data), (e) => (e ? fail(e) : ok())));
    },
    finish: () => pack.finalize(),
    fail: (error: Error) => gzip.destroy(error),
  };
}
