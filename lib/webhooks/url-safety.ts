import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { normaliseAddress } from "../auth/trusted-proxies.ts";
import { config } from "../config.ts";
import { invalidRequest } from "../memory/errors.ts";
import { checkEndpointUrl } from "../memory/webhooks/manage-endpoints.ts";
import { lifecycle } from "../server/lifecycle.ts";

/**
 * Server-side request forgery: a webhook URL is a request this server makes on an admin's
 * behalf, so it must not reach this server itself, nor (unless WEBHOOK_ALLOWED_NETWORKS lets
 * it) a private, loopback, link-local or cloud-metadata address. Checked when an endpoint is
 * registered or changed, and again at every delivery on the addresses the name resolves to
 * then, and the connection goes to the address that was checked (a name that resolved to a
 * public address at registration and to 127.0.0.1 later, DNS rebinding, is refused).
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, including the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: an IPv4 address in disguise
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local, including fd00:ec2::254 (AWS metadata over IPv6)
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(net, bits, "ipv6");

function ownAddresses(): Set<string> {
  const own = new Set(["0.0.0.0", "::"]);
  for (const list of Object.values(networkInterfaces())) for (const info of list ?? []) own.add(normaliseAddress(info.address));
  return own;
}

function ownPorts(): Set<number> {
  const ports = new Set([config().PORT]);
  for (const server of lifecycle().servers) {
    const address = server.address();
    if (address && typeof address === "object") ports.add(address.port);
  }
  return ports;
}

export function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** `::ffff:7f00:1` (how URLs write an IPv4-mapped address) is 127.0.0.1. */
function unmapped(address: string): string {
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (!hex) return address;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Why a connection to `address`:`port` is refused, or null when it is allowed. */
export function addressRefusal(address: string, port: number): string | null {
  const a = unmapped(normaliseAddress(address));
  const family = isIP(a);
  if (family === 0) return `${address} is not an IP address`;
  const local = a.startsWith("127.") || a === "::1" || ownAddresses().has(a);
  if (local && ownPorts().has(port)) return "it points at this server";
  if (BLOCKED.check(a, family === 4 ? "ipv4" : "ipv6") && !config().WEBHOOK_ALLOWED_NETWORKS.has(a)) {
    return `${a} is a private, loopback, link-local or reserved address (WEBHOOK_ALLOWED_NETWORKS can allow it)`;
  }
  return null;
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Registration: the URL's shape, not this server's own public host name, and every address
 * the name resolves to now allowed. `selfHosts` are the host names this request reached the
 * server by (Host, NEXTAUTH_URL).
 */
export async function assertWebhookUrlAllowed(url: string, selfHosts: readonly string[]): Promise<void> {
  const parsed = checkEndpointUrl(url);
  const refuse = (why: string) => invalidRequest(`url: refused, ${why}.`);
  if (selfHosts.some((h) => h.toLowerCase() === parsed.host.toLowerCase())) throw refuse("it points at this server");
  const host = hostOf(parsed);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw refuse(`its host name ${JSON.stringify(host)} does not resolve`);
  }
  for (const address of addresses) {
    const why = addressRefusal(address, defaultPort(parsed));
    if (why) throw refuse(why);
  }
}
