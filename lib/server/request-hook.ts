import http from "node:http";
import { clientAddress } from "../auth/client-address.ts";
import { dropUntrustedForwarding } from "../auth/forwarded.ts";
import { stampPeerAddress } from "../auth/peer-address.ts";
import { answerUndecodableApiPath } from "../http/undecodable-path.ts";
import { requestContext } from "../observability/request-context.ts";
import { newRequestRecord, observeRequest } from "../observability/request-log.ts";
import { config } from "../config.ts";
import { lifecycle, trackRequest } from "./lifecycle.ts";

/**
 * Sees every request before Next.js does, on the HTTP server itself (a Next.js 16 route handler
 * never sees the socket or the end of its response): stamps the TCP peer's address
 * (lib/auth/peer-address.ts) and drops forwarded headers no trusted proxy sent (lib/auth/forwarded.ts),
 * answers an API path that cannot be decoded, counts the request in
 * flight for a graceful shutdown, and runs the rest of the request inside its request context
 * so that the log line and metrics written when the response ends know its route and principal.
 * Installed from instrumentation.ts: register() finishes before `next start` hands requests to Next.
 */
const INSTALLED = Symbol.for("memory-console.request-hook");

/** Keep-alive timing of a server this process listens with (KEEP_ALIVE_TIMEOUT_SECONDS); headers must be allowed longer. */
function configureServer(server: http.Server) {
  const keepAlive = config().KEEP_ALIVE_TIMEOUT_SECONDS * 1000;
  server.keepAliveTimeout = keepAlive;
  if (server.headersTimeout <= keepAlive) server.headersTimeout = keepAlive + 1000;
}

export function installRequestHook() {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request" && event !== "checkContinue" && event !== "checkExpectation") {
      return emit.apply(this, [event, ...args] as unknown as Parameters<typeof emit>);
    }
    const req = args[0] as http.IncomingMessage;
    const res = args[1] as http.ServerResponse;
    stampPeerAddress(req);
    const trusted = config().TRUSTED_PROXIES;
    dropUntrustedForwarding(req.headers, trusted);
    const record = newRequestRecord(clientAddress(req.headers, trusted));
    if (!lifecycle().servers.has(this)) configureServer(this);
    trackRequest(this, res);
    observeRequest(req, res, record);
    return requestContext().run(record, () => {
      if (event === "request" && answerUndecodableApiPath(req, res)) return true;
      return emit.apply(this, [event, ...args] as unknown as Parameters<typeof emit>);
    });
  } as typeof proto.emit;
}
