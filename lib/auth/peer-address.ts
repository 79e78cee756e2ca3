import http from "node:http";
import { answerUndecodableApiPath } from "../http/undecodable-path.ts";

/**
 * The TCP peer's address, stamped on every request by the HTTP server itself.
 *
 * A Next.js 16 route handler never sees the socket. `next start` exposes the peer only as
 * `x-forwarded-for`, and only when the client sent none: base-server.js does
 * `req.headers['x-forwarded-for'] ??= socket.remoteAddress` — it neither overwrites nor
 * appends, so a client that sends its own X-Forwarded-For hides its address completely and
 * no entry of that header can be trusted. This hook runs before Next sees the request,
 * overwrites any client-sent copy of PEER_HEADER, and is installed from instrumentation.ts
 * (register() finishes before `next start` hands requests to Next). The same hook answers an
 * API path that cannot be percent-decoded, which Next itself would fail on with a 500.
 */
export const PEER_HEADER = "x-memory-console-peer";
const INSTALLED = Symbol.for("memory-console.peer-address");

export function installPeerAddressHeader() {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" || event === "checkContinue" || event === "checkExpectation") {
      const req = args[0] as http.IncomingMessage;
      const address = req.socket?.remoteAddress;
      if (address) req.headers[PEER_HEADER] = address;
      else delete req.headers[PEER_HEADER];
      if (event === "request" && answerUndecodableApiPath(req, args[1] as http.ServerResponse)) return true;
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
