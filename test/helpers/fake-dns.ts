import { resolve } from "node:path";

/**
 * A test server's environment in which `table`'s names resolve to its addresses
 * (test/helpers/fake-dns.mjs); with `only`, no other name resolves (but localhost).
 */
export function fakeDnsEnv(table: Record<string, string[]>, options: { only?: boolean } = {}): Record<string, string> {
  const preload = `--import ${resolve(import.meta.dirname, "fake-dns.mjs")}`;
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" "),
    FAKE_DNS: JSON.stringify(table),
    ...(options.only && { FAKE_DNS_ONLY: "1" }),
  };
}
