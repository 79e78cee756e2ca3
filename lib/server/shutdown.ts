import { config } from "../config.ts";
import { closeDb } from "../db/instance.ts";
import { logger } from "../observability/logger.ts";
import { closeAfterAnswer, lifecycle } from "./lifecycle.ts";
import type { PeriodicTasks } from "./startup.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when no request is in flight, or after `ms`; true if they all finished. */
function inFlightDone(ms: number): Promise<boolean> {
  const state = lifecycle();
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), ms);
    function finish(done: boolean) {
      clearTimeout(timer);
      state.onIdle = null;
      resolve(done);
    }
    state.onIdle = () => {
      if (state.inFlight.size === 0) finish(true);
    };
    state.onIdle();
  });
}

/**
 * SIGTERM: report not-ready (/readyz 503), wait SHUTDOWN_DELAY_SECONDS for load balancers to
 * notice, stop accepting connections, let the requests in flight finish (each answer closes its
 * connection) for at most SHUTDOWN_TIMEOUT_SECONDS, stop the periodic tasks, close the database
 * and exit. Replaces Next.js's own SIGTERM handler, which closes the server without a bound on
 * in-flight requests and leaves the database and the periodic tasks to the exit.
 */
async function shutdown(tasks: PeriodicTasks) {
  const { SHUTDOWN_DELAY_SECONDS, SHUTDOWN_TIMEOUT_SECONDS } = config();
  const state = lifecycle();
  state.draining = true;
  logger().info({ in_flight: state.inFlight.size }, "shutdown: SIGTERM received, /readyz answers 503");
  if (SHUTDOWN_DELAY_SECONDS > 0) await sleep(SHUTDOWN_DELAY_SECONDS * 1000);
  for (const server of state.servers) {
    server.close();
    server.closeIdleConnections();
  }
  for (const res of state.inFlight) closeAfterAnswer(res);
  const finished = await inFlightDone(SHUTDOWN_TIMEOUT_SECONDS * 1000);
  if (!finished)
    logger().warn({ in_flight: state.inFlight.size }, "shutdown: requests still in flight after SHUTDOWN_TIMEOUT_SECONDS; closing their connections");
  // Nothing is in flight now (or never will be): connections still open are idle keep-alives.
  for (const server of state.servers) server.closeAllConnections();
  await tasks.stop();
  await closeDb();
  logger().info("shutdown: done");
  logger().flush();
  process.exit(0);
}

export function installGracefulShutdown(tasks: PeriodicTasks) {
  // Next.js registered its own handler before instrumentation runs; this one replaces it.
  for (const listener of process.listeners("SIGTERM")) process.removeListener("SIGTERM", listener);
  let started = false;
  process.on("SIGTERM", () => {
    if (started) return;
    started = true;
    shutdown(tasks).catch((error: unknown) => {
      logger().error({ err: error }, "shutdown failed");
      process.exit(1);
    });
  });
}
