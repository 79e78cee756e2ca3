import { request as httpRequest } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { APIError } from "@anthropic-ai/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

// Issue 8, item 7: security headers, 405 in the envelope, a 413 the client can read, no body
// text echoed in errors.
let server: TestServer;
let storeId: string;
beforeAll(async () => {
  server = await sharedServer();
  storeId = (await server.client.beta.memoryStores.create({ name: "hygiene" })).id;
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every /v1 route file with the methods it serves (its `otherMethods(...)` arguments), so a new route is covered too. */
function v1Routes(): { url: string; methods: string[] }[] {
  const root = join(import.meta.dirname, "../../app/v1");
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "route.ts" && !e.parentPath.includes("[...path]"))
    .map((e) => {
      const source = readFileSync(join(e.parentPath, e.name), "utf8");
      const served = /otherMethods\(([^)]*)\)/.exec(source)?.[1] ?? "";
      const url = "/v1/" + relative(root, e.parentPath).replace(/\[(\w+)\]/g, (_, name: string) => (name === "store" ? "STORE" : `${name}_x`));
      return { url, methods: [...served.matchAll(/"(\w+)"/g)].map((m) => m[1]!) };
    });
}

describe("wrong methods", () => {
  it("every /v1 route answers a method it lacks with 405, Allow and the error envelope", async () => {
    const routes = v1Routes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const { url, methods } of routes) {
      expect(methods.length, url).toBeGreaterThan(0);
      for (const method of METHODS.filter((m) => !methods.includes(m))) {
        const res = await server.fetch(url.replace("STORE", storeId), {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        const body = await res.json();
        expect({ url, method, status: res.status }).toEqual({ url, method, status: 405 });
        expect(body).toMatchObject({ type: "error", error: { type: "invalid_request_error" }, request_id: expect.stringMatching(/^req_/) });
        const allow = res.headers.get("allow")!.split(", ");
        for (const m of methods) expect(allow).toContain(m);
        expect(allow).not.toContain(method);
      }
    }
  });
});

describe("security headers", () => {
  it("are on API answers, errors and console pages alike", async () => {
    const answers = [
      await server.fetch("/v1/memory_stores"),
      await server.fetch("/v1/memory_stores/memstore_missing"),
      await fetch(`${server.baseURL}/sign-in`),
      await fetch(`${server.baseURL}/v1/memory_stores`),
    ];
    for (const res of answers) {
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});

/** A raw POST of `size` bytes with Content-Length, as node's http client sends it; resolves with the status, or the socket error. */
function bigPost(path: string, size: number): Promise<{ status: number | null; error: string | null; body: string }> {
  const url = new URL(path, server.baseURL);
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: "POST",
      headers: {
        "x-api-key": "test-admin-key-0123456789abcdef",
        "anthropic-beta": "agent-memory-2026-07-22",
        "content-type": "application/json",
        "content-length": size,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? null, error: null, body }));
      res.on("error", (e) => resolve({ status: res.statusCode ?? null, error: e.message, body }));
    });
    req.on("error", (e) => resolve({ status: null, error: (e as NodeJS.ErrnoException).code ?? e.message, body: "" }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("oversize bodies", () => {
  it("answer 413 in the envelope that every client reads, even eight 8 MiB uploads at once", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => bigPost(`/v1/memory_stores/${storeId}/memories`, 8 * 1024 * 1024)));
    for (const result of results) {
      expect(result.error).toBeNull();
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).error.type).toBe("request_too_large");
    }
  });

  it("the SDK gets one 413 APIError, not a retried connection error", async () => {
    const client = server.clientWith("test-admin-key-0123456789abcdef");
    const sdk = new (client.constructor as typeof import("@anthropic-ai/sdk").default)({
      baseURL: server.baseURL,
      apiKey: "test-admin-key-0123456789abcdef",
      maxRetries: 2,
    });
    const error = await sdk.beta.memoryStores.memories.create(storeId, { path: "/big.md", content: "x".repeat(8 * 1024 * 1024) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(413);
  });
});

describe("malformed input", () => {
  it("a JSON syntax error names the position, never the body's text", async () => {
    const res = await server.fetch(`/v1/memory_stores/${storeId}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"path": "/a.md", "content": "sk-ant-secret-value" oops}',
    });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.error.message).toMatch(/^Request body is not valid JSON/);
    expect(body.error.message).not.toContain("sk-ant");
  });
});

describe("malformed cookies and Referer", () => {
  it("answer 401 or 403, never 500", async () => {
    const cases: Record<string, string>[] = [
      { cookie: "next-auth.session-token=%E0%A4%A" },
      { cookie: "next-auth.session-token=%" },
      { cookie: "__Secure-next-auth.session-token=%zz; other=%%%" },
      { cookie: "next-auth.session-token=" + "x".repeat(8000) },
      { cookie: "=;;;==;", referer: "::not a url::" },
    ];
    for (const headers of cases) {
      for (const method of ["GET", "POST"]) {
        const res = await fetch(`${server.baseURL}/v1/memory_stores`, {
          method,
          headers: { "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/json", ...headers },
          body: method === "POST" ? JSON.stringify({ name: "x" }) : undefined,
        });
        expect({ headers, method, status: res.status }).toEqual({ headers, method, status: 401 });
        expect((await res.json()).type).toBe("error");
      }
    }
  });
});
