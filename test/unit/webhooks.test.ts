import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "../../lib/memory/webhooks/retry-schedule.ts";
import { checkWebhookSecret, newWebhookSecret, signWebhook } from "../../lib/memory/webhooks/secret.ts";
import { parseTrustedProxies } from "../../lib/auth/trusted-proxies.ts";
import { addressDestinations } from "../../lib/webhooks/special-addresses.ts";
import { addressRefusal } from "../../lib/webhooks/url-safety.ts";

// The rules of webhooks that need no server: which addresses a delivery may reach, the retry
// schedule, and signatures the Standard Webhooks verifier (what the SDK's unwrap() uses) accepts.
/** Every IANA special-purpose IPv6 block (and IPv4 inside IPv6), by an address in it. */
const SPECIAL_V6 = [
  "::", // unspecified
  "::1", // loopback
  "::127.0.0.1", // IPv4-compatible ::/96 (deprecated)
  "::8.8.8.8", // IPv4-compatible, even of a public address
  "::ffff:127.0.0.1", // IPv4-mapped
  "::ffff:a9fe:a9fe", // IPv4-mapped metadata address
  "::ffff:0:127.0.0.1", // IPv4-translated ::ffff:0:0:0/96
  "::ffff:0:8.8.8.8",
  "64:ff9b::7f00:1", // NAT64 well-known prefix
  "64:ff9b::808:808", // NAT64 of a public address: still the gateway's block
  "64:ff9b:1::a9fe:a9fe", // NAT64 local-use prefix
  "100::1", // discard-only 100::/64
  "100:0:0:1::1", // dummy prefix 100:0:0:1::/64 (outside 2000::/3)
  "2001::1", // Teredo (server 0.0.0.0, client 255.255.255.254)
  "2001:0:4136:e378:8000:63bf:3fff:fdd2", // a real-looking Teredo address
  "2001:1::1", // 2001::/23 IETF protocol assignments
  "2001:2::1", // benchmarking
  "2001:10::1", // ORCHID
  "2001:20::1", // ORCHIDv2
  "2001:db8::1", // documentation
  "3fff::1", // documentation (RFC 9637)
  "2002:7f00:1::1", // 6to4 of 127.0.0.1
  "2002:a9fe:a9fe::1", // 6to4 of the metadata address
  "2002:808:808::1", // 6to4 of a public address: still a relay's block
  "5f00::1", // segment routing
  "fc00::1", // unique local
  "fd00:ec2::254", // AWS metadata over IPv6
  "fe80::1", // link-local
  "fec0::1", // deprecated site-local
  "ff02::1", // multicast
  "ff0e::1",
  "0:0:0:0:0:1:7f00:1", // reserved by the IETF (::/8)
  "4000::1", // outside global unicast 2000::/3
];

const SPECIAL_V4 = [
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "100.64.0.1",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "172.16.5.4",
  "192.0.0.8",
  "192.0.2.1",
  "192.88.99.1",
  "192.168.1.1",
  "198.18.0.1",
  "198.51.100.1",
  "203.0.113.1",
  "224.0.0.1",
  "240.0.0.1",
  "255.255.255.255",
];

const PUBLIC = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8", "2001:4860:4860::8888"];
const none = parseTrustedProxies(undefined);

describe("addresses a webhook may reach (WEBHOOK_ALLOWED_NETWORKS unset)", () => {
  it("public unicast addresses yes", () => {
    for (const ok of PUBLIC) expect(addressRefusal(ok, 443, none), ok).toBeNull();
  });

  it("every special-purpose IPv4 and IPv6 block no, IPv4 inside IPv6 included", () => {
    for (const bad of [...SPECIAL_V4, ...SPECIAL_V6]) expect(addressRefusal(bad, 443, none), bad).toMatch(/not a public address|this server/);
    expect(addressRefusal("::ffff:127.0.0.1", 443, none)).toMatch(/leads to 127\.0\.0\.1/);
    expect(addressRefusal("2002:a9fe:a9fe::1", 443, none)).toMatch(/6to4/);
  });

  it("the embedded IPv4 addresses are the ones a gateway would reach", () => {
    expect(addressDestinations("2002:a9fe:a9fe::1")!.embedded.map((e) => e.address)).toEqual(["169.254.169.254"]);
    expect(addressDestinations("64:ff9b:1::a9fe:a9fe")!.embedded.map((e) => e.address)).toEqual(["169.254.169.254"]);
    // Teredo: the server's address, and the client's, stored inverted.
    expect(addressDestinations("2001:0:4136:e378:8000:63bf:3fff:fdd2")!.embedded.map((e) => e.address)).toEqual(["65.54.227.120", "192.0.2.45"]);
    expect(addressDestinations("::7f00:1")).toMatchObject({ block: "ipv4Compatible", embedded: [{ address: "127.0.0.1", block: "loopback" }] });
    expect(addressDestinations("example.com")).toBeNull();
    expect(addressDestinations("127.1")).toBeNull();
  });
});

describe("WEBHOOK_ALLOWED_NETWORKS", () => {
  it("allows what it lists, and an IPv4-mapped address through its IPv4 address", () => {
    const loopback = parseTrustedProxies("127.0.0.0/8, ::1");
    expect(addressRefusal("127.0.0.1", 443, loopback)).toBeNull();
    expect(addressRefusal("::1", 443, loopback)).toBeNull();
    expect(addressRefusal("::ffff:127.0.0.1", 443, loopback)).toBeNull();
    // A tunnel or translator to that IPv4 address is another host's loopback: its own block decides.
    for (const viaGateway of ["::127.0.0.1", "::ffff:0:127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::1"])
      expect(addressRefusal(viaGateway, 443, loopback), viaGateway).toMatch(/not a public address/);
  });

  it("an allowed translator block still refuses the special IPv4 addresses behind it", () => {
    const nat64 = parseTrustedProxies("64:ff9b::/96, 2002::/16");
    expect(addressRefusal("64:ff9b::808:808", 443, nat64)).toBeNull();
    expect(addressRefusal("2002:808:808::1", 443, nat64)).toBeNull();
    expect(addressRefusal("64:ff9b::a9fe:a9fe", 443, nat64)).toMatch(/leads to 169\.254\.169\.254/);
    expect(addressRefusal("2002:a00:1::1", 443, nat64)).toMatch(/leads to 10\.0\.0\.1/);
    expect(addressRefusal("64:ff9b::a9fe:a9fe", 443, parseTrustedProxies("64:ff9b::/96, 169.254.0.0/16"))).toBeNull();
  });
});

describe("retry schedule", () => {
  it("grows 4× per attempt with ±20 % jitter, capped", () => {
    const policy = { baseSeconds: 60, maxSeconds: 21_600 };
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => retryDelaySeconds(a, policy, () => 0.5))).toEqual([60, 240, 960, 3840, 15360, 21600, 21600]);
    expect(retryDelaySeconds(2, policy, () => 0)).toBeCloseTo(240 * 0.8);
    expect(retryDelaySeconds(2, policy, () => 1)).toBeCloseTo(240 * 1.2);
  });
});

describe("signatures", () => {
  it("verify with the standardwebhooks package the SDK's unwrap() uses", () => {
    const secret = newWebhookSecret();
    expect(checkWebhookSecret(secret)).toBe(secret);
    const body = JSON.stringify({ type: "event", id: "whevt_1", data: { type: "memory.created" } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { "webhook-id": "whevt_1", "webhook-timestamp": String(timestamp), "webhook-signature": signWebhook(secret, "whevt_1", timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => checkWebhookSecret("whsec_c2hvcnQ=")).toThrow(/24 to 64/);
    expect(() => checkWebhookSecret("not-a-secret")).toThrow();
  });
});
