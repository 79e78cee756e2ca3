// One real server per fuzz file, and `probe`: one request held to every shared property.
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { startServer, type StartOptions, type TestServer } from "../helpers/server.ts";
import { fingerprinter, invariantProblems, type Fingerprinter } from "./fingerprint.ts";
import { exchange, shownBody, type FuzzRequest } from "./http.ts";
import { INCLUDE_KNOWN_BUGS, knownBug } from "./known-bugs.ts";

export interface FuzzServer {
  server: TestServer;
  fingerprint: Fingerprinter;
  /** Stores whose invariants are checked through the API after each property. */
  stores: Set<string>;
}

/** Starts the file's one server (with `options`, e.g. its environment) before its tests and stops it after them. */
export function useFuzzServer(options: StartOptions = {}): FuzzServer {
  const ctx = { stores: new Set<string>() } as FuzzServer;
  beforeAll(async () => {
    ctx.server = await startServer(options);
    ctx.fingerprint = await fingerprinter(ctx.server.databaseUrl);
  });
  afterAll(async () => {
    await ctx.fingerprint?.close();
    await ctx.server?.stop();
  });
  return ctx;
}

export interface ProbeOptions {
  /** The request may write nothing even when it succeeds (GET, or a refusal the test expects). */
  readOnly?: boolean;
}

/**
 * Sends one request and checks what every endpoint owes: an answer within the bound, no 5xx,
 * the error envelope on every non-2xx, and no change in the database when it is refused.
 * A request that would only meet an already reported bug (known-bugs.ts) is skipped.
 */
export async function probe(ctx: FuzzServer, req: FuzzRequest, options: ProbeOptions = {}) {
  fc.pre(INCLUDE_KNOWN_BUGS || knownBug(req) === null);
  const before = await ctx.fingerprint.take();
  const result = await exchange(ctx.server, req);
  const changed = (await ctx.fingerprint.take()) !== before;
  if (!result.ok || options.readOnly) {
    const what = result.ok ? "a read" : `a refused request (${result.res.status})`;
    expect(changed, `${what} changed the database: ${req.method} ${req.path} ${shownBody(req.body)}`).toBe(false);
  }
  return { ...result, changed };
}

/** docs/design.md invariants hold, in the database and through the API for the file's stores. */
export async function expectInvariants(ctx: FuzzServer) {
  expect(await invariantProblems(ctx.server, ctx.stores)).toEqual([]);
}

/** A store made through the SDK, checked after each property. */
export async function fuzzStore(ctx: FuzzServer, name: string, memories: Record<string, string> = {}) {
  const store = await ctx.server.client.beta.memoryStores.create({ name });
  const ids: Record<string, string> = {};
  for (const [path, content] of Object.entries(memories)) {
    ids[path] = (await ctx.server.client.beta.memoryStores.memories.create(store.id, { path, content })).id;
  }
  ctx.stores.add(store.id);
  return { id: store.id, memoryIds: ids };
}
