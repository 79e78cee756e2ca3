import { ARCHIVE_LIMITS } from "./limits.ts";

/**
 * An export must never write what its own import refuses, and the import refuses an archive
 * that unpacks past 1 MiB to more than 200 times its size (limits.ts: a zip bomb). Notes that
 * repeat themselves compress that well: twenty memories of 100 kB of one letter made a 5.6 kB zip
 * the import refused. So the writers keep what they have written at most half that ratio: once
 * past half the 1 MiB line, an entry that could take them over is written uncompressed (stored
 * in a zip; at gzip level 0 from there on in a tar.gz). Real notes compress 3 to 10 times, so
 * this never changes their archives.
 */
const RATIO = ARCHIVE_LIMITS.ratio / 2;
const FROM_BYTES = 512 * 1024;

/** Whether the next `bytes` should be written uncompressed, given the bytes unpacked and packed so far. */
export function storeUncompressed(unpacked: number, packed: number, bytes: number): boolean {
  const after = unpacked + bytes;
  return after > FROM_BYTES && after > RATIO * packed;
}
