import { randomBytes } from "node:crypto";

/**
 * Ids are `<prefix>_<ulid>`: 48 bits of milliseconds then 80 random bits, in Crockford base32.
 * They sort by creation time, so "newest first" is `ORDER BY id DESC` and a cursor is just the
 * last id. Within one process ids are strictly increasing even inside one millisecond.
 */
export type IdPrefix =
  | "memstore"
  | "mem"
  | "memver"
  | "apikey"
  | "user"
  | "revdec"
  | "revbatch"
  | "erasure"
  | "import"
  | "whep"
  | "whevt"
  | "whdel"
  | "bulkdel"
  | "restore"
  | "revert"
  | "revundo"
  | "auditevt"
  | "wrkspc"
  | "invite"
  | "memread"
  | "stcopy"
  | "stbatch"
  | "storearch"
  | "storedel";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = Uint8Array.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] !== 255) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

// Random bytes are drawn 4 KiB at a time: one randomBytes call costs about as much as a
// hundred small ones' worth of slicing, and a write request needs three or four ids.
let pool = randomBytes(4096);
let poolAt = 0;
function random10(): Uint8Array {
  if (poolAt + 10 > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += 10;
  return pool.subarray(poolAt - 10, poolAt);
}

export function ulid(now = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = random10();
  }
  return encodeTime(now) + encodeRandom(lastRandom);
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

/**
 * A new id that sorts after `previous` even when `previous` came from another app instance
 * whose clock runs ahead, or from the same millisecond with a larger random part: then the
 * id is `previous` plus one. Versions of one memory use it so that "newest first" (id order)
 * always matches the order in which the store lock let them be written.
 */
export function newIdAfter(prefix: IdPrefix, previous: string): string {
  const id = newId(prefix);
  if (id > previous) return id;
  const chars = previous.slice(prefix.length + 1).split("");
  for (let i = chars.length - 1; i >= 0; i--) {
    const digit = ALPHABET.indexOf(chars[i]!);
    if (digit < 31) {
      chars[i] = ALPHABET[digit + 1]!;
      return `${prefix}_${chars.join("")}`;
    }
    chars[i] = ALPHABET[0]!;
  }
  throw new Error(`No id sorts after ${previous}.`);
}

const ID_PATTERN = /^[a-z]+_[0-9A-Za-z]{1,64}$/;

/** True when `value` has the shape of an id with this prefix (it may still not exist). */
export function looksLikeId(prefix: IdPrefix, value: string): boolean {
  return value.startsWith(`${prefix}_`) && ID_PATTERN.test(value);
}
