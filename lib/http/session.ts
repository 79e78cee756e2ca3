import { getToken } from "next-auth/jwt";
import type { Principal } from "../auth/principal.ts";
import { authSecret } from "../auth/secret.ts";
import { getActiveUser } from "../auth/users.ts";
import type { Db } from "../memory/db.ts";
import { permissionDenied } from "../memory/errors.ts";

const SECURE_COOKIE = "__Secure-next-auth.session-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}

/** The origin this app is served at: NEXTAUTH_URL, else what the request's (forwarded) host says. */
export function expectedOrigin(headers: Headers): string {
  if (process.env.NEXTAUTH_URL) return new URL(process.env.NEXTAUTH_URL).origin;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${headers.get("x-forwarded-host") ?? headers.get("host")}`;
}

/**
 * CSRF: a cookie-authenticated request that changes something must come from a page of this
 * origin. Browsers send Origin on such fetches; a request without Origin or Referer is refused.
 */
function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin") ?? (request.headers.get("referer") ? new URL(request.headers.get("referer")!).origin : null);
  if (origin !== expectedOrigin(request.headers)) {
    throw permissionDenied("Cross-site request refused: a console session may only change data from the console's own pages.");
  }
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
  const user = await getActiveUser(db, token.sub);
  return user ? { kind: "user", userId: user.id, email: user.email, role: user.role } : null;
}
