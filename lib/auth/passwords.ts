import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { config } from "../config.ts";

/**
 * Passwords are hashed with scrypt and stored as `scrypt$N$r$p$salt$hash` (16-byte salt,
 * 64-byte key), so the cost can be raised without breaking old hashes: a hash made with a
 * lower cost verifies as before and is replaced at the next successful sign-in.
 * N=2^17, r=8, p=1 is OWASP's scrypt recommendation (Password Storage Cheat Sheet) and the
 * default of PASSWORD_HASH_COST (log2 N; lib/config.ts refuses less than 2^14). Each hash at
 * 2^17 holds 128 MiB while it runs; libuv's thread pool (4 threads) bounds how many run at once.
 */
type Cost = { N: number; r: number; p: number };
export const scryptCost = (): Cost => ({ N: 2 ** config().PASSWORD_HASH_COST, r: 8, p: 1 });
const KEY_LENGTH = 64;
/** A stored hash asking for more than this is refused rather than allowed to exhaust memory. */
const MAX_N = 2 ** 20;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, { N, r, p }: Cost): Promise<Buffer> {
  // scrypt needs 128·r·(N + p + 2) bytes; Node's default maxmem (32 MiB) is too small for N=2^17.
  const maxmem = 128 * r * (N + p + 2);
  return new Promise((ok, fail) => scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => (error ? fail(error) : ok(key))));
}

export async function hashPassword(password: string, cost: Cost = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string): (Cost & { salt: string; hash: string }) | null {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    Number.isInteger(cost.r) &&
    cost.r > 0 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p > 0 &&
    cost.p <= 16;
  return scheme === "scrypt" && salt && hash && sane ? { ...cost, salt, hash } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, "base64");
  const actual = await derive(password, Buffer.from(parsed.salt, "base64"), parsed);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when the stored hash was made with less work (or less memory) than the configured cost asks for now. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const memory = (c: Cost) => c.N * c.r;
  const work = (c: Cost) => c.N * c.r * c.p;
  const cost = scryptCost();
  return memory(parsed) < memory(cost) || work(parsed) < work(cost);
}

/** A password that no account has, to spend the same time when the account does not exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
