import { inject } from "vitest";
import { responseChecker } from "./openapi-check.ts";
import { clientsOf, type TestServer } from "./server.ts";

/**
 * The run's shared server: one `next start` for every test file that only needs the default
 * server and keeps to stores of its own (each test makes its own store, so files running side
 * by side never see each other's data). Starting a server costs seconds of CPU on this machine,
 * so sharing one saves that for each such file on each engine. It is started on first request
 * by shared-server.setup.ts (vitest's globalSetup) and stopped after the run.
 * A file that needs a server of its own (its own env, the server's log, kill/restart, a
 * database no one else writes to, bulk writes from outside the server) uses startServer().
 */
export async function sharedServer(): Promise<TestServer> {
  const response = await fetch(inject("sharedServerBroker"));
  if (!response.ok) throw new Error(`the shared test server did not start:\n${await response.text()}`);
  const { engine, baseURL, databaseUrl } = (await response.json()) as { engine: "sqlite" | "postgres"; baseURL: string; databaseUrl: string };
  const ownServerOnly = (what: string) => () => {
    throw new Error(`${what} is not for the shared server: use startServer() for a server of this file's own.`);
  };
  const checker = await responseChecker(baseURL);
  return {
    ...clientsOf(engine, baseURL, databaseUrl, checker.wrap()),
    log: ownServerOnly("log()"),
    contractViolations: () => [...checker.violations],
    // The server is stopped after the run, not after one file; this file's answers are checked here.
    stop: async () => {
      if (checker.violations.length > 0)
        throw new Error(`Answers that do not match the OpenAPI document (GET /v1/openapi.json):\n${checker.violations.join("\n")}`);
    },
    kill: ownServerOnly("kill()"),
    terminate: ownServerOnly("terminate()"),
    restart: ownServerOnly("restart()"),
    alive: ownServerOnly("alive()"),
    forceGc: ownServerOnly("forceGc()"),
  };
}
