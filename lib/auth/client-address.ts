import { header, type HeaderSource } from "./forwarded.ts";
import { PEER_HEADER } from "./peer-address.ts";
import { normaliseAddress, type TrustedProxies } from "./trusted-proxies.ts";

/**
 * The client's address for rate limiting and the request log (the forwarded-header rule of
 * lib/auth/forwarded.ts, for X-Forwarded-For). It starts from the socket peer (PEER_HEADER, set by
 * the server, never by the client); while that address is a trusted proxy, it steps one entry
 * to the left in X-Forwarded-For (each proxy appends the address it saw, so the rightmost
 * entries are the trustworthy ones). Without TRUSTED_PROXIES, X-Forwarded-For is ignored.
 * "unknown" (one shared bucket) when the peer is missing, which only happens outside the server.
 */
export function clientAddress(headers: HeaderSource, trusted: TrustedProxies): string {
  const peer = header(headers, PEER_HEADER);
  if (!peer) return "unknown";
  let address = normaliseAddress(peer);
  if (trusted.empty) return address;
  const forwarded = (header(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  while (trusted.has(address) && forwarded.length > 0) address = normaliseAddress(forwarded.pop()!);
  return address;
}
