/**
 * Which IP addresses are public, after IANA's special-purpose address registries as ipaddr.js
 * keeps them (its `range()`), and which IPv4 address an IPv6 address carries inside it. No
 * policy here (lib/webhooks/url-safety.ts decides what a webhook may reach).
 *
 * An IPv6 address can name an IPv4 destination: an IPv4-mapped address (`::ffff:127.0.0.1`) is
 * that IPv4 address on a dual-stack socket; IPv4-compatible (`::127.0.0.1`) and translated
 * (`::ffff:0:127.0.0.1`) addresses, NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), 6to4 (`2002::/16`)
 * and Teredo (`2001::/32`, whose client address is stored inverted) reach one through a
 * translator or tunnel where one exists. Each of those blocks is special itself; the embedded
 * address is reported so that it is also held to the IPv4 rules.
 */
import ipaddr from "ipaddr.js";
import { isIP } from "node:net";

export interface ClassifiedAddress {
  /** The address as the registries write it: dotted IPv4, compressed IPv6. */
  address: string;
  /** The special-purpose block it lies in (ipaddr.js's name for it), or null for a public unicast address. */
  block: string | null;
}

export interface AddressDestinations extends ClassifiedAddress {
  /** IPv4 addresses this IPv6 address carries (a Teredo address carries two: its server and its client). */
  embedded: ClassifiedAddress[];
  /** An IPv4-mapped address: the connection goes to `embedded[0]` itself, not through a gateway. */
  mapped: boolean;
}

/**
 * Global unicast is 2000::/3, the only block IANA hands out; the rest of the IPv6 space is
 * reserved by the IETF. ipaddr.js calls an address in no registered block "unicast" even there
 * (`::7f00:1`, the deprecated IPv4-compatible form, or `100:0:0:1::1`), so this bound comes first.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

function classifyV4(v4: ipaddr.IPv4): ClassifiedAddress {
  const range = v4.range();
  return { address: v4.toString(), block: range === "unicast" ? null : range };
}

const v4At = (parts: number[], i: number, invert = false) => {
  const word = (((parts[i]! << 16) | parts[i + 1]!) ^ (invert ? 0xffffffff : 0)) >>> 0;
  return new ipaddr.IPv4([word >>> 24, (word >>> 16) & 255, (word >>> 8) & 255, word & 255]);
};

/** The IPv4 addresses inside an IPv6 address of one of the embedding blocks. */
function embeddedV4(v6: ipaddr.IPv6, block: string | null): ipaddr.IPv4[] {
  const p = v6.parts;
  switch (block) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
    case "rfc6052": // 64:ff9b::a.b.c.d; the local-use 64:ff9b:1::/48 taken in its common /96 layout
    case "ipv4Compatible": // ::a.b.c.d
      return [v4At(p, 6)];
    case "6to4": // 2002:AABB:CCDD::/48
      return [v4At(p, 1)];
    case "teredo": // 2001:0:server:flags:port:~client
      return [v4At(p, 2), v4At(p, 6, true)];
    default:
      return [];
  }
}

/**
 * The address in plain hexadecimal groups, as the URL standard writes it. ipaddr.js reads the
 * dotted form `::127.0.0.1` as the IPv4-mapped `::ffff:127.0.0.1` (a choice of its parser),
 * although it is the IPv4-compatible `::7f00:1`; classified from the hex form, every address
 * lands in its own block. A zone (`fe80::1%eth0`) is dropped: it only says which interface.
 */
function hexIPv6(text: string): string {
  return new URL(`http://[${text.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
}

/** What connecting to `text` reaches, or null when it is not an IP address. */
export function addressDestinations(text: string): AddressDestinations | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1");
  // node's own parser decides what is an address (ipaddr.js also reads `0x7f.1` and `127.1`).
  const family = isIP(bare);
  if (family === 0) return null;
  const parsed = ipaddr.parse(family === 6 ? hexIPv6(bare) : bare);
  if (parsed.kind() === "ipv4") return { ...classifyV4(parsed as ipaddr.IPv4), embedded: [], mapped: false };
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const compatible = range === "unicast" && v6.parts.slice(0, 6).every((part) => part === 0);
  const block = compatible ? "ipv4Compatible" : range !== "unicast" ? range : v6.match(GLOBAL_UNICAST) ? null : "ietfReserved";
  return {
    address: v6.toString(),
    block,
    embedded: embeddedV4(v6, block).map(classifyV4),
    mapped: block === "ipv4Mapped",
  };
}
