/**
 * DNS rebinding protection for /mcp/{store} (the MCP transport spec: servers MUST validate the
 * Origin header). A page on evil.example whose name is made to resolve to this server sends
 * `Host: evil.example` and `Origin: http://evil.example`, so both are checked against a fixed
 * set, never against each other: NEXTAUTH_URL's origin, MCP_ALLOWED_ORIGINS, and loopback
 * (`localhost`, `127.0.0.1`, `[::1]` on any port, which no rebinding can make a browser send).
 * The Host checked is the one the client reached (a trusted proxy's X-Forwarded-Host). A
 * request without Origin (every non-browser MCP client) passes the Origin check.
 */
import { clientFacingHost } from "../auth/forwarded.ts";
import { config } from "../config.ts";
import { permissionDenied } from "../memory/errors.ts";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function allowedOrigins(): string[] {
  const { NEXTAUTH_URL, MCP_ALLOWED_ORIGINS } = config();
  return [...(NEXTAUTH_URL ? [new URL(NEXTAUTH_URL).origin] : []), ...MCP_ALLOWED_ORIGINS];
}

/** The Host header as a URL (lowercase, default port left out), or null if it is not just `host[:port]`. */
function hostUrl(proto: string, host: string): URL | null {
  try {
    const url = new URL(`${proto}://${host}`);
    return url.username || url.password || url.pathname !== "/" || url.search || url.hash ? null : url;
  } catch {
    return null;
  }
}

function hostAllowed(headers: Headers): boolean {
  const { proto, host } = clientFacingHost(headers, config().TRUSTED_PROXIES);
  if (!host) return false;
  const url = hostUrl(proto, host);
  if (!url) return false;
  if (LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
  // The Host names no scheme: an allowed origin's host on either scheme is this server.
  return allowedOrigins().some((origin) => new URL(origin).host === url.host);
}

function originAllowed(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed page, a file: URL) and anything unparsable
  }
  if (url.origin === "null") return false;
  if (LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
  return allowedOrigins().includes(url.origin);
}

/** Throws permission (403) for a foreign Host or Origin. */
export function assertAllowedHostAndOrigin(headers: Headers) {
  if (!hostAllowed(headers)) {
    throw permissionDenied("Host not allowed: this MCP endpoint answers only at its configured origins (NEXTAUTH_URL, MCP_ALLOWED_ORIGINS) or on loopback.");
  }
  const origin = headers.get("origin");
  if (origin !== null && !originAllowed(origin)) {
    throw permissionDenied("Origin not allowed: set MCP_ALLOWED_ORIGINS to let pages of another origin use this MCP endpoint.");
  }
}
