import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "../../lib/memory/webhooks/retry-schedule.ts";
import { checkWebhookSecret, newWebhookSecret, signWebhook } from "../../lib/memory/webhooks/secret.ts";
import { addressRefusal } from "../../lib/webhooks/url-safety.ts";

// The rules of webhooks that need no server: which addresses a delivery may reach, the retry
// schedule, and signatures the Standard Webhooks verifier (what the SDK's unwrap() uses) accepts.
describe("addresses a webhook may reach (WEBHOOK_ALLOWED_NETWORKS unset)", () => {
  it("public addresses yes; private, loopback, link-local, metadata and reserved ones no", () => {
    for (const ok of ["93.184.215.14", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(addressRefusal(ok, 443), ok).toBeNull();
    for (const bad of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a00:1",
    ])
      expect(addressRefusal(bad, 443), bad).toMatch(/private|this server/);
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
