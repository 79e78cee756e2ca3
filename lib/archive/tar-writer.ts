import { Gzip } from "fflate";
import { Readable, Transform } from "node:stream";
import { pack as tarPack } from "tar-stream";
import { storeUncompressed } from "./ratio-guard.ts";
import { assertSafeEntryName } from "./safe-entry-name.ts";

/**
 * The tar stream gzipped with fflate's Gzip, which compresses as it is pushed (Node's gzip works
 * off the event loop, so what it has packed lags far behind: 0 bytes out after 500 kB in). Once
 * what it wrote compresses past what the import accepts (ratio-guard.ts), the gzip member ends and
 * the rest goes in a second member at level 0 (RFC 1952 allows a file of several; gunzip reads
 * them as one stream).
 */
function gzipWithinRatio(): Transform {
  let unpacked = 0;
  let packed = 0;
  let stored = false;
  let out: Uint8Array[] = [];
  const member = (level: 0 | 6) => {
    const gzip = new Gzip({ level });
    gzip.ondata = (chunk) => {
      out.push(chunk);
      packed += chunk.byteLength;
    };
    return gzip;
  };
  let gzip = member(6);
  const drain = (transform: Transform) => {
    for (const chunk of out) transform.push(chunk);
    out = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!stored && storeUncompressed(unpacked, packed, chunk.byteLength)) {
        stored = true;
        gzip.push(new Uint8Array(0), true);
        gzip = member(0);
      }
      unpacked += chunk.byteLength;
      gzip.push(chunk);
      drain(this);
      done();
    },
    flush(done) {
      gzip.push(new Uint8Array(0), true);
      drain(this);
      done();
    },
  });
}

/**
 * A tar.gz written a file at a time, as a web stream the reader pulls: each entry resolves once
 * the pack has taken its bytes. Every entry name is checked first (safe-entry-name.ts), as the
 * zip writer does.
 */
export function tarGzWriter() {
  const pack = tarPack();
  const gzip = gzipWithinRatio();
  return {
    stream: Readable.toWeb(pack.pipe(gzip)) as ReadableStream<Uint8Array>,
    /** Throws at once for an unsafe name; resolves once the pack has taken the bytes. */
    entry(name: string, data: Uint8Array, mtime: Date): Promise<void> {
      assertSafeEntryName(name);
      return new Promise<void>((ok, fail) => pack.entry({ name, size: data.byteLength, mtime, mode: 0o644 }, Buffer.from(data), (e) => (e ? fail(e) : ok())));
    },
    finish: () => pack.finalize(),
    fail: (error: Error) => gzip.destroy(error),
  };
}
