import { describe, expect, it } from "vitest";
import { clientAddress } from "../../lib/auth/client-address.ts";
import { clientFacingHost, dropUntrustedForwarding } from "../../lib/auth/forwarded.ts";
import { PEER_HEADER } from "../../lib/auth/peer-address.ts";
import { parseTrustedProxies } from "../../lib/auth/trusted-proxies.ts";

// The one rule for forwarded headers (issue 21, item 8), for callers outside the server hook too:
// believed only when the TCP peer is a trusted proxy.
const trusted = parseTrustedProxies("10.0.0.0/8, fd00::/8");
const forwarded = {
  host: "10.0.0.5:3000",
  "x-forwarded-host": "console.example, inner.internal",
  "x-forwarded-proto": "https",
  "x-forwarded-for": "203.0.113.9",
};

describe("forwarded headers", () => {
  it("from a trusted proxy: its outermost host and protocol, the client it saw", () => {
    const headers = new Headers({ ...forwarded, [PEER_HEADER]: "10.1.2.3" });
    expect(clientFacingHost(headers, trusted)).toEqual({ proto: "https", host: "console.example" });
    expect(clientAddress(headers, trusted)).toBe("203.0.113.9");
    expect(clientFacingHost(new Headers({ host: "a:1", [PEER_HEADER]: "::ffff:10.0.0.1" }), trusted)).toEqual({ proto: "http", host: "a:1" });
  });

  it("from anyone else, or with no peer known, or with TRUSTED_PROXIES unset: ignored", () => {
    for (const [peer, list] of [
      ["192.0.2.7", trusted],
      [undefined, trusted],
      ["10.1.2.3", parseTrustedProxies(undefined)],
    ] as const) {
      const headers = new Headers({ ...forwarded, ...(peer && { [PEER_HEADER]: peer }) });
      expect(clientFacingHost(headers, list), String(peer)).toEqual({ proto: "http", host: "10.0.0.5:3000" });
    }
    expect(clientAddress(new Headers({ ...forwarded, [PEER_HEADER]: "192.0.2.7" }), trusted)).toBe("192.0.2.7");
  });

  it("the server hook drops them before anything reads them, unless a trusted proxy sent them", () => {
    const stranger: Record<string, string> = { ...forwarded, forwarded: "for=1.2.3.4;host=x", "x-forwarded-port": "443", [PEER_HEADER]: "192.0.2.7" };
    dropUntrustedForwarding(stranger, trusted);
    expect(Object.keys(stranger).sort()).toEqual(["host", PEER_HEADER]);
    const proxy: Record<string, string> = { ...forwarded, [PEER_HEADER]: "10.9.9.9" };
    dropUntrustedForwarding(proxy, trusted);
    expect(proxy).toEqual({ ...forwarded, [PEER_HEADER]: "10.9.9.9" });
  });
});
