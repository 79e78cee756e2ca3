// POST /mcp/{memory_store_id} – a console session cookie is no credential here: only API keys open the MCP endpoint
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";
import { newStore } from "../memory-tool/helpers.ts";
import { initializeBody, rawPost } from "./helpers.ts";

let server: TestServer;
const ADMIN = { email: "mcp-admin@example.com", password: "mcp admin password 123" };
beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
});
afterAll(async () => {
  await server?.stop();
});

describe("MCP credentials", () => {
  it("answers a request carrying only a console session cookie with 401, though /v1 takes the cookie", async () => {
    const storeId = await newStore(server, "mcp no cookies");
    const { cookie, error } = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
    expect(error).toBeNull();
    const viaV1 = await server.fetch(`/v1/memory_stores/${storeId}`, { headers: { "x-api-key": "", cookie: cookie!, origin: server.baseURL } });
    expect(viaV1.status).toBe(200);
    const res = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "", cookie: cookie!, origin: server.baseURL });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
  });
});
