/**
 * Server-side request forgery: a webhook URL is a request this server makes on an admin's
 * behalf, so it must not reach this server itself, nor (unless WEBHOOK_ALLOWED_NETWORKS lets
 * it) any address outside public unicast: private, loopback, link-local, cloud metadata,
 * multicast, documentation, or an IPv6 block that leads to IPv4 through a translator or tunnel
 * (lib/webhooks/special-addresses.ts classifies, after IANA's registries). Checked when an
 * endpoint is registered or changed, and again at every delivery on the addresses the name
 * resolves to then, and the connection goes to the address that was checked (a name that
 * resolved to a public address at registration and to 127.0.0.1 later, DNS rebinding, is refused).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { normaliseAddress, type TrustedProxies } from "../auth/trusted-proxies.ts";
import { config } from "../config.ts";
import { invalidRequest } from "../memory/errors.ts";
import { checkEndpointUrl } from "../memory/webhooks/manage-endpoints.ts";
import { lifecycle } from "../server/lifecycle.ts";
import { addressDestinations, type ClassifiedAddress } from "./special-addresses.ts";

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

const isLoopback = (address: string) => address.startsWith("127.") || address === "::1";

function refusalOf(shown: string, target: ClassifiedAddress, allowed: TrustedProxies): string | null {
  if (target.block === null || allowed.has(target.address)) return null;
  const what = shown === target.address ? target.address : `${shown} leads to ${target.address}, which`;
  return `${what} is not a public address (${target.block}: private, loopback, link-local or otherwise special-purpose; WEBHOOK_ALLOWED_NETWORKS can allow it)`;
}

/**
 * Why a connection to `address`:`port` is refused, or null when it is allowed. An IPv4-mapped
 * address is its IPv4 address; any other IPv6 address is refused for its own block unless
 * WEBHOOK_ALLOWED_NETWORKS allows it, and then still for the IPv4 address it carries (an
 * allowed NAT64 prefix reaches public IPv4 hosts, never 169.254.169.254 through it).
 */
export function addressRefusal(address: string, port: number, allowed: TrustedProxies = config().WEBHOOK_ALLOWED_NETWORKS): string | null {
  const destinations = addressDestinations(address);
  if (!destinations) return `${address} is not an IP address`;
  const targets = destinations.mapped ? destinations.embedded : [destinations, ...destinations.embedded];
  // The interfaces are read only for this server's own port (os.networkInterfaces() takes ~0.3 ms).
  if (ownPorts().has(port)) {
    const own = ownAddresses();
    if (targets.some((t) => isLoopback(t.address) || own.has(t.address))) return "it points at this server";
  }
  for (const target of targets) {
    const why = refusalOf(destinations.address, target, allowed);
    if (why) return why;
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
