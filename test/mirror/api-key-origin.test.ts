import { spawn } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMirrorOptions, UsageError } from "../../lib/mirror/options.ts";
import { removeTempDirs, tempDir } from "./helpers.ts";

/**
 * An ANTHROPIC_API_KEY is the real Anthropic secret: the mirror sends it only to
 * https://api.anthropic.com unless told otherwise. A real HTTP server records every request
 * the mirror process makes, so the test sees exactly which credentials left it.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const ANTHROPIC_SECRET = "sk-ant-api03-do-not-leak-0123456789";
const CONSOLE_KEY = "console-key-0123456789";

let recorder: Server;
let recorderURL: string;
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  recorder = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "error", error: { type: "authentication_error", message: "unknown key" } }));
  });
  await new Promise<void>((ok) => recorder.listen(0, "127.0.0.1", ok));
  recorderURL = `http://127.0.0.1:${(recorder.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((ok) => recorder.close(ok));
  removeTempDirs();
});

/** `scripts/mirror.ts --once` with only the given mirror-related variables in its environment. */
async function runMirror(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ANTHROPIC_|MEMORY_CONSOLE_|MEMORY_STORE_ID)/.test(name)));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/mirror.ts", "--store", "memstore_x", "--dir", tempDir("key"), "--once", ...args], {
    cwd: ROOT,
    env: { ...clean, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const code = await new Promise<number | null>((ok) => child.once("exit", ok));
  return { code, output };
}

const sentSecret = () => received.some((headers) => JSON.stringify(headers).includes(ANTHROPIC_SECRET));

describe("npm run mirror: which key goes where", () => {
  it.each([
    ["--url", (url: string) => ({ args: ["--url", url], env: {} })],
    ["MEMORY_CONSOLE_URL", (url: string) => ({ args: [], env: { MEMORY_CONSOLE_URL: url } })],
    ["ANTHROPIC_BASE_URL", (url: string) => ({ args: [], env: { ANTHROPIC_BASE_URL: url } })],
  ])("refuses to send ANTHROPIC_API_KEY to a server named by %s, without printing the key", async (source, how) => {
    received.length = 0;
    const { args, env } = how(recorderURL);
    const run = await runMirror(args, { ...env, ANTHROPIC_API_KEY: ANTHROPIC_SECRET });
    expect(run.code).toBe(2);
    expect(run.output).toContain(`Not sending ANTHROPIC_API_KEY to ${recorderURL} (${source})`);
    expect(run.output).toContain("MEMORY_CONSOLE_API_KEY");
    expect(run.output).toContain(`--allow-key-to ${recorderURL}`);
    expect(run.output).not.toContain(ANTHROPIC_SECRET);
    expect(received).toEqual([]);
  });

  it("sends MEMORY_CONSOLE_API_KEY, never ANTHROPIC_API_KEY, when both are set", async () => {
    received.length = 0;
    const run = await runMirror([], { MEMORY_CONSOLE_URL: recorderURL, MEMORY_CONSOLE_API_KEY: CONSOLE_KEY, ANTHROPIC_API_KEY: ANTHROPIC_SECRET });
    expect(run.code).toBe(1);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((headers) => headers.authorization === `Bearer ${CONSOLE_KEY}`)).toBe(true);
    expect(sentSecret()).toBe(false);
  });

  it("sends ANTHROPIC_API_KEY elsewhere only to the origin --allow-key-to names", async () => {
    received.length = 0;
    const other = await runMirror(["--allow-key-to", "http://127.0.0.1:1"], { MEMORY_CONSOLE_URL: recorderURL, ANTHROPIC_API_KEY: ANTHROPIC_SECRET });
    expect(other.code).toBe(2);
    expect(received).toEqual([]);

    const allowed = await runMirror(["--allow-key-to", `${recorderURL}/`], { MEMORY_CONSOLE_URL: recorderURL, ANTHROPIC_API_KEY: ANTHROPIC_SECRET });
    expect(allowed.code).toBe(1);
    expect(sentSecret()).toBe(true);
    expect(allowed.output).not.toContain(ANTHROPIC_SECRET);
  });

  it("judges the URL by its origin, not by how it starts", () => {
    const parse = (url: string | undefined, extra: string[] = []) =>
      parseMirrorOptions(["--store", "memstore_x", "--dir", "/tmp/x", ...(url ? ["--url", url] : []), ...extra], { ANTHROPIC_API_KEY: ANTHROPIC_SECRET });
    expect(parse("https://api.anthropic.com")).toMatchObject({ baseURL: "https://api.anthropic.com", apiKey: ANTHROPIC_SECRET });
    expect(parse("https://api.anthropic.com:443/")).toMatchObject({ apiKey: ANTHROPIC_SECRET });
    for (const url of [
      undefined,
      "http://api.anthropic.com",
      "https://api.anthropic.com.evil.example",
      "https://api.anthropic.com@evil.example",
      "https://evil.example/https://api.anthropic.com",
    ]) {
      expect(() => parse(url)).toThrow(UsageError);
    }
    expect(() => parse("https://user:hunter2@evil.example")).toThrow(/^Not sending ANTHROPIC_API_KEY to https:\/\/evil\.example \(--url\)/);
    expect(() => parse("https://user:hunter2@evil.example")).not.toThrow(/hunter2/);
    expect(() => parse("not a url")).toThrow("the server URL (--url) is not a valid URL.");
    expect(() => parse("https://evil.example", ["--allow-key-to", "evil.example"])).toThrow("--allow-key-to is not a valid URL.");
  });
});
