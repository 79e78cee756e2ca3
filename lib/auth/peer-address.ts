import type { IncomingMessage } from "node:http";

/**
 * The TCP peer's address, stamped on every request by the HTTP server itself.
 *
 * A Next.js 16 route handler never sees the socket. `next start` exposes the peer only as
 * `x-forwarded-for`, and only when the client sent none: base-server.js does
 * `req.headers['x-forwarded-for'] ??= socket.remoteAddress` — it neither overwrites nor
 * appends, so a client that sends its own X-Forwarded-For hides its address completely and
 * no entry of that header can be trusted. The server hook of lib/server/request-hook.ts
 * calls this before Next sees the request, overwriting any client-sent copy of PEER_HEADER.
 */
export const PEER_HEADER = "x-memory-console-peer";

export function stampPeerAddress(req: IncomingMessage) {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_HEADER] = address;
  else delete req.headers[PEER_HEADER];
}
