import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { storeUncompressed } from "./ratio-guard.ts";
import { assertSafeEntryName } from "./safe-entry-name.ts";

/**
 * A zip written a file at a time with fflate's streaming Zip, its bytes taken as they come.
 * Every entry name is checked first (safe-entry-name.ts): it never writes an absolute name,
 * `..`, a backslash or a control character. An entry that would compress past what the import
 * accepts is stored instead (ratio-guard.ts).
 */
export class ZipWriter {
  private chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private unpacked = 0;
  private packed = 0;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else {
      this.chunks.push(chunk);
      this.packed += chunk.byteLength;
    }
  });

  add(name: string, data: Uint8Array, mtime: Date) {
    assertSafeEntryName(name);
    // fflate's ZipDeflate compresses as it is pushed, so `packed` already counts every earlier entry.
    const file = storeUncompressed(this.unpacked, this.packed, data.byteLength) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    this.unpacked += data.byteLength;
    file.mtime = mtime;
    this.zip.add(file);
    file.push(data, true);
  }

  end() {
    this.zip.end();
  }

  /** The bytes written since the last call (null: none yet); throws what the writer failed with. */
  take(): Uint8Array | null {
    if (this.failure) throw this.failure;
    if (this.chunks.length === 0) return null;
    const out = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    return out;
  }
}
