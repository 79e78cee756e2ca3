import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startServer, type TestServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where test files ask for the shared server (shared-server.ts). */
    sharedServerBroker: string;
  }
}

/**
 * vitest's globalSetup, run once per `vitest run` in the main process. It starts nothing by
 * itself, so a run without API tests (npm run test:unit) needs no build: the first test file
 * that asks the broker starts the shared server, and every later one gets the same.
 */
export default async function setup(project: TestProject) {
  let shared: Promise<TestServer> | undefined;
  const broker = createServer((_, response) => {
    shared ??= startServer();
    shared.then(
      ({ engine, baseURL, databaseUrl }) => response.end(JSON.stringify({ engine, baseURL, databaseUrl })),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  project.provide("sharedServerBroker", `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  return async () => {
    broker.close();
    await (await shared?.catch(() => undefined))?.stop();
  };
}
