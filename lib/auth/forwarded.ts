/**
 * The one rule for forwarded headers: X-Forwarded-For, -Host, -Proto, -Port and Forwarded say
 * something only when the TCP peer (PEER_HEADER, stamped by the server itself) is one of
 * TRUSTED_PROXIES. From anyone else they are noise a client typed, so the server hook removes
 * them before Next.js, next-auth or a route reads the request (`dropUntrustedForwarding`), and
 * the readers below check the peer again for callers outside the server (in-process handlers).
 * Without TRUSTED_PROXIES no forwarded header is ever believed; behind a proxy, list it there
 * or set NEXTAUTH_URL.
 */
import type { IncomingHttpHeaders } from "node:http";
import { PEER_HEADER } from "./peer-address.ts";
import type { TrustedProxies } from "./trusted-proxies.ts";

export type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

export const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"] as const;

export function header(headers: HeaderSource, name: string): string | undefined {
  const raw = headers instanceof Headers ? headers.get(name) : headers?.[name];
  return (Array.isArray(raw) ? raw.join(",") : raw) ?? undefined;
}

/** Whether the request came straight from a trusted proxy, so that its forwarded headers are the proxy's. */
export function fromTrustedProxy(headers: HeaderSource, trusted: TrustedProxies): boolean {
  const peer = header(headers, PEER_HEADER);
  return peer !== undefined && !trusted.empty && trusted.has(peer);
}

/** Server hook: forwarded headers from a peer that is not a trusted proxy are dropped before anything reads them. */
export function dropUntrustedForwarding(headers: IncomingHttpHeaders, trusted: TrustedProxies) {
  if (fromTrustedProxy(headers, trusted)) return;
  for (const name of FORWARDED_HEADERS) delete headers[name];
}

/** The first entry of a proxy-appended list: the value the outermost proxy, the one the client reached, wrote. */
const first = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;

/**
 * The scheme and host the client used to reach this server: a trusted proxy's X-Forwarded-Proto
 * and X-Forwarded-Host, else the request's own Host over plain HTTP (this server speaks no TLS
 * itself; it ends at a proxy).
 */
export function clientFacingHost(headers: HeaderSource, trusted: TrustedProxies): { proto: "http" | "https"; host: string | null } {
  const own = header(headers, "host") ?? null;
  if (!fromTrustedProxy(headers, trusted)) return { proto: "http", host: own };
  return {
    proto: first(header(headers, "x-forwarded-proto"))?.toLowerCase() === "https" ? "https" : "http",
    host: first(header(headers, "x-forwarded-host")) ?? own,
  };
}
