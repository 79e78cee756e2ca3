import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What is known about the request being served, from the HTTP server hook (lib/server/request-hook.ts)
 * down to the route that answers it: the hook opens it, the route wrapper names the route
 * template and the principal, and the hook writes the log line and the metrics when the response
 * ends. Kept on globalThis: Next.js bundles instrumentation and routes separately, and both must
 * see the same store.
 */
export interface RequestRecord {
  requestId: string;
  /** The route template (`/v1/memory_stores/{store}`), never the path itself: no ids or memory paths in logs and metrics. */
  route: string | null;
  principal: { kind: "api_key" | "user"; id: string } | null;
  /** The client's address: the TCP peer, or what a trusted proxy forwarded (lib/auth/client-address.ts). */
  clientAddress: string;
}

const KEY = Symbol.for("memory-console.request-context");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RequestRecord> };

export function requestContext(): AsyncLocalStorage<RequestRecord> {
  return (holder[KEY] ??= new AsyncLocalStorage<RequestRecord>());
}

/** The request being served, if any (undefined in scripts and outside the HTTP server). */
export function currentRequest(): RequestRecord | undefined {
  return holder[KEY]?.getStore();
}

/** Names the route (and, once authenticated, the principal) of the request being served. */
export function annotateRequest(fields: Partial<Omit<RequestRecord, "requestId" | "clientAddress">>) {
  const record = currentRequest();
  if (record) Object.assign(record, fields);
}
