import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { ADMIN, apiCall, signIn } from "./helpers.ts";

// The MCP SDK client's own OAuth flow against the console: 401 → discovery → registration →
// the browser signs in and consents → the code comes back to a loopback listener → finishAuth → tools.
test.use({ storageState: { cookies: [], origins: [] } });

/** An OAuthClientProvider that keeps everything in memory and hands the authorization URL to the test. */
class TestProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E MCP client",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

/** The client's redirect URI: a listener on 127.0.0.1 that receives the code. */
function loopbackListener(): Promise<{ server: Server; url: string; code: Promise<string> }> {
  let resolveCode: (code: string) => void;
  const code = new Promise<string>((resolve) => (resolveCode = resolve));
  const server = createServer((req, res) => {
    const params = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
    res.writeHead(200, { "content-type": "text/plain" }).end(params.get("code") ? "Connected: you can close this window." : `Error: ${params.get("error")}`);
    if (params.get("code")) resolveCode(params.get("code")!);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code })),
  );
}

test("an MCP client signs in by URL: registration, sign-in, consent, tokens, then tools", async ({ page, baseURL }) => {
  const store = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: "OAuth e2e store" } });
  const storeId = store.body.id;
  const listener = await loopbackListener();
  try {
    const provider = new TestProvider(listener.url);
    const mcpUrl = new URL(`${baseURL}/mcp/${storeId}`);
    const first = new Client({ name: "e2e", version: "1.0.0" });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^mcc_/);
    expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(mcpUrl.toString());

    await page.goto(provider.authorizationUrl!.toString());
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await signIn(page, ADMIN.email, ADMIN.password, { goto: false });
    await expect(page.getByRole("heading", { name: "Connect E2E MCP client" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /OAuth e2e store/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Read and write/ })).toBeChecked();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("Connected: you can close this window.")).toBeVisible();

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(await listener.code);
    expect(provider.saved?.access_token).toMatch(/^mcat_/);
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("memory");
      const result = (await client.callTool({
        name: "memory",
        arguments: { command: "create", path: "/memories/oauth-e2e.md", file_text: "hello\n" },
      })) as CallToolResult;
      expect(result.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }

    // The grant is listed beside the API keys, and the write is attributed to it.
    const keys = await apiCall<{ data: { id: string; name: string; oauth_client: { name: string } | null }[] }>(baseURL!, "/v1/api_keys");
    const grant = keys.body.data.find((k) => k.oauth_client?.name === "E2E MCP client")!;
    expect(grant.name).toBe("E2E MCP client (OAuth)");
    const versions = await apiCall<{ data: { created_by: unknown }[] }>(baseURL!, `/v1/memory_stores/${storeId}/memory_versions`);
    expect(versions.body.data[0]!.created_by).toEqual({ type: "api_actor", api_key_id: grant.id });
  } finally {
    listener.server.close();
  }
});
