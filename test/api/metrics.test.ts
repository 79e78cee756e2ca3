// GET /metrics – Prometheus text, behind METRICS_TOKEN; counters move with requests, labels never carry a path or an id
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrongPassword } from "../helpers/sign-in-attempt.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const TOKEN = "metrics-token-0123456789abcdef";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => server?.stop());

async function scrape(): Promise<string> {
  const response = await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample, by metric name and exact labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) return Number(match[3]);
  }
  return 0;
}

describe("GET /metrics", () => {
  it("refuses a missing or wrong bearer token with 401, and is off (404) without METRICS_TOKEN", async () => {
    expect((await fetch(`${server.baseURL}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseURL}/metrics`, { headers: { authorization: "Bearer nope-nope-nope-nope" } })).status).toBe(401);
    expect((await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    const off = await startServer();
    try {
      expect((await fetch(`${off.baseURL}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await off.stop();
    }
  });

  it("counts requests by route template, method and status, transactions, store-lock waits, memory-tool commands and sign-in failures", async () => {
    const route = "/v1/memory_stores/{store}/memories";
    const before = await scrape();
    const store = await server.client.beta.memoryStores.create({ name: "Metrics" });
    const path = "/secret-project/plan.md";
    await server.client.beta.memoryStores.memories.create(store.id, { path, content: "x" });
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/other.md", content: "y" });
    const tool = await server.fetch(`/v1/memory_stores/${store.id}/memory_tool`, {
      method: "POST",
      body: JSON.stringify({ command: "view", path: "/memories" }),
    });
    expect(tool.status).toBe(200);
    await server.fetch(`/v1/memory_stores/${store.id}/memory_tool`, { method: "POST", body: JSON.stringify({ command: "launch", path: "/memories" }) });
    await server.fetch(`/v1/memory_stores/${store.id}/memories/mem_nope`);
    await wrongPassword(server.baseURL, "nobody@example.com");

    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) => sample(text, "memory_console_http_request_duration_seconds_count", labels);
    expect(count(after, { route, method: "POST", status: "200" }) - count(before, { route, method: "POST", status: "200" })).toBe(2);
    expect(count(after, { route: `${route}/{memory}`, method: "GET", status: "404" })).toBe(1);
    expect(sample(after, "memory_console_db_transaction_duration_seconds_count", { outcome: "commit" })).toBeGreaterThanOrEqual(3);
    expect(
      sample(after, "memory_console_store_lock_wait_seconds_count") - sample(before, "memory_console_store_lock_wait_seconds_count"),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(after, "memory_console_memory_tool_commands_total", { command: "view", is_error: "false" })).toBe(1);
    expect(sample(after, "memory_console_memory_tool_commands_total", { command: "invalid", is_error: "true" })).toBe(1);
    expect(sample(after, "memory_console_sign_in_failures_total", { reason: "wrong_credentials" })).toBe(1);
    // Retention ran once at start.
    expect(sample(after, "memory_console_retention_runs_total", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
    // Node's own process metrics come along.
    expect(after).toContain("process_cpu_user_seconds_total");
    // The read buffer: what awaits its flush (a gauge read at scrape time) and what a full buffer dropped (none).
    expect(sample(after, "memory_console_reads_pending")).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^memory_console_reads_dropped 0$/m);

    // No label value names a memory path, a memory or store id, or what a client typed.
    const labelValues = [...after.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    const leaks = labelValues.filter((v) => /memstore_|mem_|memver_|apikey_|secret-project|launch|nobody/.test(v));
    expect(leaks).toEqual([]);
  });

  it("is per instance: a second server on the same database counts only its own requests", async () => {
    const second = await startServer({ databaseUrl: server.databaseUrl, env: { METRICS_TOKEN: TOKEN } });
    try {
      await second.client.beta.memoryStores.list();
      const text = await (await fetch(`${second.baseURL}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(
        sample(text, "memory_console_http_request_duration_seconds_count", { route: "/v1/memory_stores/{store}/memories", method: "POST", status: "200" }),
      ).toBe(0);
      expect(
        sample(text, "memory_console_http_request_duration_seconds_count", { route: "/v1/memory_stores", method: "GET", status: "200" }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await second.stop();
    }
  });
});
