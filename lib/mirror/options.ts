import { resolve } from "node:path";
import { defineCommand, UsageError } from "../cli/command-line.ts";
import { isWorkspaceId } from "../memory/workspace.ts";

export { UsageError };

/** What `npm run mirror` runs with: flags first, then the environment. */
export interface MirrorOptions {
  storeId: string;
  /** The local folder, absolute. */
  dir: string;
  baseURL: string;
  apiKey: string;
  /** The store's workspace, sent as anthropic-workspace-id (an organisation-scoped key needs it outside Default). */
  workspaceId?: string;
  /** Time between sync passes; local edits reach the store at most this often (and once at exit). */
  intervalMs: number;
  /** Pull only: local edits stay local and nothing in the store is changed. */
  readOnly: boolean;
  /** One sync pass, then exit. */
  once: boolean;
}

/** Where an Anthropic API key taken from the environment may go without being told otherwise. */
export const ANTHROPIC_ORIGIN = "https://api.anthropic.com";

export const MIRROR_COMMAND = defineCommand({
  script: "mirror",
  summary:
    "Keeps a local folder and a memory store in sync: remote changes are pulled, local edits are pushed with content_sha256 " +
    "preconditions every --interval seconds and once at exit (Ctrl-C). A file changed on both sides keeps the store's version; " +
    "the local one is kept beside it as <name>.conflict-<memory_version_id>.",
  options: {
    store: { type: "string", placeholder: "memstore_id", description: "memory store (env MEMORY_STORE_ID)" },
    dir: { type: "string", placeholder: "folder", description: "local folder, created if missing" },
    url: {
      type: "string",
      placeholder: "url",
      description: "server (env MEMORY_CONSOLE_URL, then ANTHROPIC_BASE_URL; default http://127.0.0.1:3000)",
    },
    "api-key": { type: "string", placeholder: "key", description: "API key (env MEMORY_CONSOLE_API_KEY, then ANTHROPIC_API_KEY)" },
    workspace: {
      type: "string",
      placeholder: "wrkspc_id",
      description: "the store's workspace (env MEMORY_CONSOLE_WORKSPACE_ID); only an organisation-scoped key needs it, for a store outside Default",
    },
    "allow-key-to": {
      type: "string",
      multiple: true,
      placeholder: "origin",
      description: `let a key from ANTHROPIC_API_KEY go to this origin too; by default it is only ever sent to ${ANTHROPIC_ORIGIN}`,
    },
    interval: { type: "number", placeholder: "seconds", default: 15, description: "seconds between sync passes" },
    "read-only": { type: "boolean", description: "pull only; push nothing" },
    once: { type: "boolean", description: "one sync pass, then exit" },
  },
  synopsis: "--store <memstore_id> --dir <folder> [options]",
  examples: ["npm run mirror -- --store memstore_01JD4Y7KQ2M8X9V6T3R5P0N1BC --dir ~/agent/memories --url https://memory.example.com"],
});

export function parseMirrorOptions(argv: string[], env: Record<string, string | undefined>): MirrorOptions | "help" {
  const parsed = MIRROR_COMMAND.parse(argv);
  if (parsed === "help") return "help";
  const { values } = parsed;
  const storeId = values.store ?? env.MEMORY_STORE_ID;
  if (!storeId) throw new UsageError("--store is required (or set MEMORY_STORE_ID).");
  if (!values.dir) throw new UsageError("--dir is required.");
  const apiKey = values["api-key"] ?? env.MEMORY_CONSOLE_API_KEY ?? env.ANTHROPIC_API_KEY;
  if (!apiKey) throw new UsageError("An API key is required: --api-key, MEMORY_CONSOLE_API_KEY or ANTHROPIC_API_KEY.");
  const [baseURL, urlSource] =
    values.url !== undefined
      ? [values.url, "--url"]
      : env.MEMORY_CONSOLE_URL
        ? [env.MEMORY_CONSOLE_URL, "MEMORY_CONSOLE_URL"]
        : env.ANTHROPIC_BASE_URL
          ? [env.ANTHROPIC_BASE_URL, "ANTHROPIC_BASE_URL"]
          : ["http://127.0.0.1:3000", "the default"];
  const origin = originOf(baseURL, `the server URL (${urlSource})`);
  const keyFromAnthropicEnv = values["api-key"] === undefined && env.MEMORY_CONSOLE_API_KEY === undefined;
  const allowed = values["allow-key-to"].map((value) => originOf(value, "--allow-key-to"));
  if (keyFromAnthropicEnv && origin !== ANTHROPIC_ORIGIN && !allowed.includes(origin)) {
    // Never the key itself, nor the full URL (it may carry credentials): only where it would have gone.
    throw new UsageError(
      `Not sending ANTHROPIC_API_KEY to ${origin} (${urlSource}): an Anthropic API key goes only to ${ANTHROPIC_ORIGIN}. ` +
        `For a self-hosted server, set MEMORY_CONSOLE_API_KEY or pass --api-key with that server's key; ` +
        `to send the Anthropic key there anyway, add --allow-key-to ${origin}.`,
    );
  }
  const workspaceId = values.workspace ?? env.MEMORY_CONSOLE_WORKSPACE_ID;
  if (workspaceId !== undefined && !isWorkspaceId(workspaceId))
    throw new UsageError("--workspace must be a workspace id (wrkspc_…, as the console's URL and the organisation API show it).");
  const seconds = values.interval;
  if (seconds <= 0) throw new UsageError("--interval must be a positive number of seconds.");
  return {
    storeId,
    dir: resolve(values.dir),
    baseURL,
    apiKey,
    workspaceId,
    intervalMs: Math.round(seconds * 1000),
    readOnly: values["read-only"],
    once: values.once,
  };
}

/** The origin (scheme, host, port) of an http(s) URL; UsageError naming `what`, never echoing the value. */
function originOf(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} is not a valid URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UsageError(`${what} must be an http or https URL.`);
  return url.origin;
}
