import type { Server, ServerResponse } from "node:http";

/**
 * The process's serving state, shared by the HTTP server hook (which sees every server and
 * request), /readyz, and the SIGTERM handler. On globalThis: Next.js bundles instrumentation and
 * routes separately, and all of them must see one state.
 */
interface Lifecycle {
  /** Set on SIGTERM: /readyz answers 503 and every answer closes its connection. */
  draining: boolean;
  servers: Set<Server>;
  /** Responses not yet ended. */
  inFlight: Set<ServerResponse>;
  /** Called whenever a response ends (the shutdown waits on it). */
  onIdle: (() => void) | null;
}

const KEY = Symbol.for("memory-console.lifecycle");
const holder = globalThis as { [KEY]?: Lifecycle };

export function lifecycle(): Lifecycle {
  return (holder[KEY] ??= { draining: false, servers: new Set(), inFlight: new Set(), onIdle: null });
}

export function isDraining(): boolean {
  return holder[KEY]?.draining ?? false;
}

/** Counts a request in flight until its response ends; while draining, its connection closes after the answer. */
export function trackRequest(server: Server, res: ServerResponse) {
  const state = lifecycle();
  state.servers.add(server);
  state.inFlight.add(res);
  if (state.draining) closeAfterAnswer(res);
  res.once("close", () => {
    state.inFlight.delete(res);
    state.onIdle?.();
  });
}

export function closeAfterAnswer(res: ServerResponse) {
  if (res.headersSent) return;
  res.shouldKeepAlive = false;
  res.setHeader("connection", "close");
}
