// Fuzz: webhook endpoint URLs (issue 21, item 5). Odd hosts (every IPv4 spelling the URL
// standard reads, IPv6 forms, IPv4 inside IPv6, names that resolve to special addresses),
// encodings, ports, user info: never a 5xx, and never accepted when the address is special.
// Which addresses are special is decided here by node's own BlockList from IANA's registries,
// independently of the server's classification (ipaddr.js); names resolve through a table
// (test/helpers/fake-dns.mjs), so no made-up name leaves the machine.
import fc from "fast-check";
import { BlockList, isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "../../lib/auth/trusted-proxies.ts";
import { addressRefusal } from "../../lib/webhooks/url-safety.ts";
import { fakeDnsEnv } from "../helpers/fake-dns.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { probe, useFuzzServer } from "./fuzz-server.ts";
import { encoded } from "./http.ts";

/** IANA's IPv4 special-purpose blocks (with AS112 and AMT, which the server refuses too). */
const SPECIAL_V4 = new BlockList();
for (const cidr of [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.31.196.0/24",
  "192.52.193.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "192.175.48.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
]) {
  const [net, bits] = cidr.split("/");
  SPECIAL_V4.addSubnet(net!, Number(bits), "ipv4");
}

/** Global unicast is 2000::/3; inside it, IANA's special-purpose blocks. */
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet("2000::", 3, "ipv6");
const SPECIAL_IN_GLOBAL_V6 = new BlockList();
for (const [net, bits] of [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["2620:4f:8000::", 48],
  ["3fff::", 20],
] as const)
  SPECIAL_IN_GLOBAL_V6.addSubnet(net, bits, "ipv6");
const MAPPED = new BlockList();
MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/** The IPv4 address in the last 32 bits of an IPv6 address, dotted. */
function lastV4(v6: string): string {
  const hex = new URL(`http://[${v6}]/`).hostname.slice(1, -1);
  const groups = hex.split(":");
  const [hi, lo] = groups.slice(-2).map((g) => parseInt(g || "0", 16));
  return [hi! >> 8, hi! & 255, lo! >> 8, lo! & 255].join(".");
}

/** Whether connecting to this address could reach anything but a public host. */
function isSpecial(address: string): boolean {
  if (isIP(address) === 4) return SPECIAL_V4.check(address, "ipv4");
  if (MAPPED.check(address, "ipv6")) return SPECIAL_V4.check(lastV4(address), "ipv4");
  return !GLOBAL_V6.check(address, "ipv6") || SPECIAL_IN_GLOBAL_V6.check(address, "ipv6");
}

const SPECIAL_SEEDS = ["127.0.0.1", "169.254.169.254", "10.1.2.3", "192.168.0.1", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255"];
const PUBLIC_SEEDS = ["93.184.215.14", "8.8.8.8", "1.1.1.1"];
const V6_SEEDS = [
  "::1",
  "::",
  "fe80::1",
  "fc00::1",
  "fd00:ec2::254",
  "ff02::1",
  "2001:db8::1",
  "100::1",
  "2001::1",
  "5f00::1",
  "2606:4700::1111",
  "2a00:1450::1",
];

/** Names the server resolves, each to one address or to a public and a special one. */
const NAMES: Record<string, string[]> = {};
[...SPECIAL_SEEDS, ...PUBLIC_SEEDS, ...V6_SEEDS, "::ffff:7f00:1", "2002:7f00:1::1", "64:ff9b::a9fe:a9fe"].forEach((a, i) => (NAMES[`host-${i}.test`] = [a]));
NAMES["mixed.test"] = ["93.184.215.14", "::7f00:1"];
NAMES["public-pair.test"] = ["8.8.8.8", "2606:4700::1111"];

const ctx = useFuzzServer({ env: { ...fakeDnsEnv(NAMES, { only: true }), WEBHOOK_POLL_INTERVAL_SECONDS: "0" } });
const FILE = import.meta.filename;

const octets = (a: string) => a.split(".").map(Number) as [number, number, number, number];
const v4Int = (a: string) => octets(a).reduce((n, o) => n * 256 + o, 0);
const hex16 = (a: string) => {
  const [b0, b1, b2, b3] = octets(a);
  return `${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
};

/** One IPv4 address as the URL standard reads it: dotted, one number, hex, octal, shortened, percent-encoded, full-width. */
const v4Spelling = (a: string): fc.Arbitrary<string> => {
  const [b0, b1, b2, b3] = octets(a);
  return fc.constantFrom(
    a,
    String(v4Int(a)),
    "0x" + v4Int(a).toString(16),
    [b0, b1, b2, b3].map((o) => "0" + o.toString(8)).join("."),
    [b0, b1, b2, b3].map((o) => "0x" + o.toString(16)).join("."),
    `${b0}.${b1}.${b2 * 256 + b3}`,
    `${b0}.${b1 * 65536 + b2 * 256 + b3}`,
    a + ".",
    [...a].map((c) => "%" + c.charCodeAt(0).toString(16)).join(""),
    [...a].map((c) => (c === "." ? "。" : String.fromCodePoint(0xff10 + Number(c)))).join(""),
  );
};

/** IPv4 inside IPv6: mapped, compatible, translated, NAT64 (both prefixes), 6to4, Teredo (client inverted). */
const embedded = (a: string): fc.Arbitrary<string> => {
  const inverted = (v4Int(a) ^ 0xffffffff) >>> 0;
  const teredoClient = `${(inverted >>> 16).toString(16)}:${(inverted & 0xffff).toString(16)}`;
  return fc.constantFrom(
    `::ffff:${a}`,
    `::ffff:${hex16(a)}`,
    `::${a}`,
    `::ffff:0:${a}`,
    `64:ff9b::${a}`,
    `64:ff9b:1::${hex16(a)}`,
    `2002:${hex16(a)}::1`,
    `2001:0:${hex16(a)}:0:0:${teredoClient}`,
    `2001:0:4136:e378:8000:63bf:${teredoClient}`,
    `0:0:0:0:0:FFFF:${a}`,
  );
};

const ipv4 = fc.oneof(fc.constantFrom(...SPECIAL_SEEDS, ...PUBLIC_SEEDS), fc.ipV4());
const host = fc.oneof(
  { arbitrary: ipv4.chain(v4Spelling), weight: 4 },
  { arbitrary: fc.ipV4Extended(), weight: 1 },
  { arbitrary: ipv4.chain(embedded).map((v6) => `[${v6}]`), weight: 4 },
  { arbitrary: fc.oneof(fc.constantFrom(...V6_SEEDS), fc.ipV6()).map((v6) => `[${v6}]`), weight: 3 },
  { arbitrary: fc.constantFrom(...V6_SEEDS).map((v6) => `[${v6.toUpperCase()}%25eth0]`), weight: 1 },
  { arbitrary: fc.constantFrom(...V6_SEEDS, "::ffff:127.0.0.1"), weight: 1 }, // no brackets
  {
    arbitrary: fc
      .constantFrom(...Object.keys(NAMES), "localhost", "nowhere.invalid")
      .chain((n) => fc.constantFrom(n, n.toUpperCase(), n + ".", encoded(n), [...n].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join(""))),
    weight: 4,
  },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);
const url = fc
  .record({
    scheme: fc.oneof(
      { arbitrary: fc.constantFrom("http", "https"), weight: 8 },
      { arbitrary: fc.constantFrom("HTTP", "hTtPs", "ftp", "ws", "file", "javascript", ""), weight: 1 },
    ),
    slashes: fc.oneof({ arbitrary: fc.constant("://"), weight: 8 }, { arbitrary: fc.constantFrom(":/", ":\\\\", ":///", ":", "://\t"), weight: 1 }),
    userinfo: fc.oneof(
      { arbitrary: fc.constant(""), weight: 6 },
      { arbitrary: fc.constantFrom("u@", "u:p@", ":@", "host-8.test@", "%40@", "a:b:c@"), weight: 1 },
    ),
    host,
    port: fc.oneof(
      { arbitrary: fc.constant(""), weight: 5 },
      { arbitrary: fc.constantFrom(":80", ":443", ":0", ":65535", ":65536", ":", ":99999", ":08", ":-1"), weight: 2 },
    ),
    rest: fc.constantFrom("/hook", "", "/", "?a=b", "#x", "/%2e%2e/x", "/a b", "\\x", "/%00"),
  })
  .map((u) => `${u.scheme}${u.slashes}${u.userinfo}${u.host}${u.port}${u.rest}`);

/** What the server must answer for `text`, decided by the URL standard, the table of names and the registries above. */
function expected(text: string): "accept" | "refuse" {
  if (text.length > 2048 || !URL.canParse(text)) return "refuse";
  const parsed = new URL(text);
  if (!["http:", "https:"].includes(parsed.protocol) || parsed.username || parsed.password) return "refuse";
  const bare = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(bare) ? [bare] : (NAMES[bare] ?? []);
  return addresses.length > 0 && !addresses.some(isSpecial) ? "accept" : "refuse";
}

describe("fuzz: webhook URLs", () => {
  it(
    "registering any URL is answered cleanly; a special address is never accepted, a public one always",
    async () => {
      const endpoint = await ctx.server.fetch("/v1/webhook_endpoints", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "http://host-8.test/hook", events: ["memory.created"], enabled: false }),
      });
      const { id } = (await endpoint.json()) as { id: string };
      const path = fc.constantFrom("/v1/webhook_endpoints", `/v1/webhook_endpoints/${id}`);
      await checkProperty(FILE, "webhook URLs", 200, [url, path], async (text, to) => {
        const body = JSON.stringify(to.endsWith(id) ? { url: text } : { url: text, events: ["memory.created"], enabled: false });
        const { res } = await probe(ctx, { method: "POST", path: to, body });
        const want = expected(text);
        expect(res.status, `${JSON.stringify(text)} → ${res.text.slice(0, 300)}`).toBe(want === "accept" ? 200 : 400);
      });
    },
    timeoutFor(200, 100),
  );
});

describe("fuzz: addresses a delivery may connect to", () => {
  const none = parseTrustedProxies(undefined);
  it("any IPv4 or IPv6 address: refused exactly when it is special", async () => {
    await checkProperty(FILE, "delivery addresses", { short: 2000, max: 100_000 }, [fc.oneof(fc.ipV4(), fc.ipV6())], async (address) => {
      expect(addressRefusal(address, 443, none) !== null, address).toBe(isSpecial(address));
    });
  });

  it("any IPv4 address inside a translating or tunnelling IPv6 block: always refused", async () => {
    await checkProperty(FILE, "embedded IPv4", { short: 1000, max: 50_000 }, [fc.ipV4().chain(embedded)], async (address) => {
      fc.pre(!/^(::ffff:|0:0:0:0:0:FFFF:)[\d.]+$|^::ffff:[0-9a-f]+:[0-9a-f]+$/.test(address)); // mapped: its IPv4 decides (above)
      expect(addressRefusal(address, 443, none), address).not.toBeNull();
    });
  });
});
