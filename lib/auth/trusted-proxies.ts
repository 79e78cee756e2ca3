import { BlockList, isIP } from "node:net";

/**
 * TRUSTED_PROXIES: the reverse proxies whose forwarded headers this server believes (the rule is
 * lib/auth/forwarded.ts), as a comma-separated list of addresses and CIDR ranges
 * (`10.0.0.0/8, 127.0.0.1, fd00::/8`). The same parser reads WEBHOOK_ALLOWED_NETWORKS.
 * A list rather than a hop count, because a count silently trusts whoever connects directly
 * when the proxy is bypassed; a list checks that the connection really comes from a proxy.
 */
export type TrustedProxies = { has(address: string): boolean; readonly empty: boolean };

/** `::ffff:10.0.0.1` (IPv4 on a dual-stack socket) is the IPv4 address 10.0.0.1. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1]! : trimmed).toLowerCase();
}

/** Parses the list, or throws with the entry that is not an address or CIDR range. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const normalised = normaliseAddress(address);
    const family = isIP(normalised);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(normalised, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has an invalid prefix length`);
    list.addSubnet(normalised, bits, type);
  }
  return {
    empty: entries.length === 0,
    has(address) {
      const normalised = normaliseAddress(address);
      const family = isIP(normalised);
      return family !== 0 && list.check(normalised, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
