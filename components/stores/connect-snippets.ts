/**
 * Ready-to-paste configuration for connecting an agent to one store's MCP endpoint. The key is
 * a bearer API key limited to the store (or a placeholder until one is made); clients that
 * sign in by URL (Claude Desktop's and claude.ai's connectors) need only the URL and go through
 * the console's OAuth consent instead.
 */
export interface Snippet {
  id: string;
  title: string;
  note: string;
  code: string;
}

export const KEY_PLACEHOLDER = "<your API key>";

/** A server name clients accept (letters, digits, - and _), from the store's name. */
export function serverName(storeName: string): string {
  const slug = storeName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug ? `memory-${slug}` : "memory";
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function connectSnippets(url: string, name: string, key: string | null): Snippet[] {
  const secret = key ?? KEY_PLACEHOLDER;
  const headers = { Authorization: `Bearer ${secret}` };
  return [
    {
      id: "claude-code",
      title: "Claude Code",
      note: "Run in a terminal; add --scope project to share it through .mcp.json.",
      code: `claude mcp add --transport http ${name} ${url} --header "Authorization: Bearer ${secret}"`,
    },
    {
      id: "claude-desktop",
      title: "Claude Desktop and claude.ai",
      note: "Settings → Connectors → Add custom connector, with this URL. You sign in here and choose the stores and access; no key is needed.",
      code: url,
    },
    {
      id: "cursor",
      title: "Cursor",
      note: "In .cursor/mcp.json (this project) or ~/.cursor/mcp.json (every project).",
      code: json({ mcpServers: { [name]: { url, headers } } }),
    },
    {
      id: "messages-api",
      title: "Messages API (MCP connector)",
      note: "The server must be reachable from the internet. TypeScript SDK:",
      code: [
        "const response = await client.beta.messages.create({",
        '  model: "claude-opus-4-5",',
        "  max_tokens: 1024,",
        '  betas: ["mcp-client-2025-11-20"],',
        `  mcp_servers: [{ type: "url", name: ${JSON.stringify(name)}, url: ${JSON.stringify(url)}, authorization_token: ${JSON.stringify(secret)} }],`,
        `  tools: [{ type: "mcp_toolset", mcp_server_name: ${JSON.stringify(name)} }],`,
        '  messages: [{ role: "user", content: "What do you remember about this project?" }],',
        "});",
      ].join("\n"),
    },
    {
      id: "agent-sdk",
      title: "Claude Agent SDK",
      note: "The mcpServers option of query() (TypeScript; Python's ClaudeAgentOptions takes the same mcp_servers).",
      code: [
        'import { query } from "@anthropic-ai/claude-agent-sdk";',
        "",
        "for await (const message of query({",
        '  prompt: "Check your memory, then continue the task.",',
        `  options: { mcpServers: { ${JSON.stringify(name)}: { type: "http", url: ${JSON.stringify(url)}, headers: { Authorization: ${JSON.stringify(`Bearer ${secret}`)} } } } },`,
        "})) console.log(message);",
      ].join("\n"),
    },
  ];
}
