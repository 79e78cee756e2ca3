import { getToken } from "next-auth/jwt";
import { clientFacingHost } from "../auth/forwarded.ts";
import { userPrincipal, type Principal } from "../auth/principal.ts";
import { authSecret } from "../auth/secret.ts";
import { config } from "../config.ts";
import { userForToken } from "../auth/users.ts";
import type { Db } from "../memory/db.ts";
import { permissionDenied } from "../memory/errors.ts";

const SECURE_COOKIE = "__Secure-next-auth.session-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A value that is not valid percent-encoding is kept as sent: it then fails as a session, never as a 500. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), decodeCookieValue(part.slice(eq + 1).trim()));
  }
  return cookies;
}

/** The origin this app is served at: NEXTAUTH_URL, else the host the client reached (a trusted proxy's forwarded one, lib/auth/forwarded.ts). */
export function expectedOrigin(headers: Headers): string {
  const { NEXTAUTH_URL, TRUSTED_PROXIES } = config();
  if (NEXTAUTH_URL) return new URL(NEXTAUTH_URL).origin;
  const { proto, host } = clientFacingHost(headers, TRUSTED_PROXIES);
  return `${proto}://${host}`;
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF: a cookie-authenticated request that changes something (and the first-run setup) must
 * come from a page of this origin. Browsers send Origin on such fetches; a request without
 * Origin or Referer is refused.
 */
export function assertSameOrigin(
  request: Request,
  refusal = "Cross-site request refused: a console session may only change data from the console's own pages.",
) {
  const origin = request.headers.get("origin") ?? refererOrigin(request.headers.get("referer"));
  if (origin !== expectedOrigin(request.headers)) throw permissionDenied(refusal);
}

/** The signed-in console user for a request that carries no API key, or null. */
export async function sessionPrincipal(db: Db, request: Request): Promise<Principal | null> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const secureCookie = [...cookies.keys()].some((name) => name.startsWith(SECURE_COOKIE));
  const token = await getToken({
    req: { headers: request.headers, cookies } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: await authSecret(db),
    secureCookie,
  });
  if (!token?.sub) return null;
  if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  const user = await userForToken(db, token);
  return user ? userPrincipal(user) : null;
}
