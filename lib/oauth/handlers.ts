/**
 * The OAuth endpoints as web Request → Response functions (the route files in app/oauth and
 * app/.well-known only call these). Errors are OAuth's (oauth-errors.ts), never the /v1 envelope.
 */
import { getDb } from "../db/instance.ts";
import { readBodyText } from "../http/body.ts";
import { expectedOrigin, sessionPrincipal } from "../http/session.ts";
import { annotateRequest } from "../observability/request-context.ts";
import { authorizeParams, checkAuthorizeRequest, RedirectableFailure } from "./authorize-request.ts";
import { registerClient } from "./clients.ts";
import { decideConsent } from "./consent.ts";
import { continuePage } from "./continue-page.ts";
import { OAUTH_CORS, oauthErrorResponse } from "./oauth-errors.ts";
import { exchangeToken } from "./oauth-server.ts";
import { revokeToken } from "./revoke.ts";

/** OAuth requests are small: a client's metadata document, a form of a few fields. */
const MAX_BODY_BYTES = 64 * 1024;
export const CONSENT_PATH = "/oauth/consent";

const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location, "cache-control": "no-store" } });

/** `toClient` says how an error goes back to the client's redirect URI (a redirect, or the consent form's continue page). */
async function answer(route: string, run: () => Promise<Response>, toClient: (location: string) => Response = redirect): Promise<Response> {
  annotateRequest({ route });
  try {
    return await run();
  } catch (error) {
    if (error instanceof RedirectableFailure) return toClient(error.location());
    return oauthErrorResponse(error);
  }
}

/** POST /oauth/register (RFC 7591). */
export function handleRegister(request: Request): Promise<Response> {
  return answer("/oauth/register", async () => {
    const text = await readBodyText(request, MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const info = await registerClient(await getDb(), body);
    return Response.json(info, { status: 201, headers: { ...OAUTH_CORS, "cache-control": "no-store" } });
  });
}

/** GET /oauth/authorize: a valid request goes on to the console's consent page (which asks to sign in first). */
export function handleAuthorize(request: Request): Promise<Response> {
  return answer("/oauth/authorize", async () => {
    const query = new URL(request.url).searchParams;
    await checkAuthorizeRequest(await getDb(), request.headers, authorizeParams(query));
    return redirect(`${expectedOrigin(request.headers)}${CONSENT_PATH}?${query}`);
  });
}

/** POST /oauth/authorize: the consent form (Allow or Deny); the continue page to the client's redirect URI. */
export function handleConsent(request: Request): Promise<Response> {
  return answer(
    "/oauth/authorize",
    async () => {
      const db = await getDb();
      const text = await readBodyText(request, MAX_BODY_BYTES);
      const form = new URLSearchParams(text);
      const params = authorizeParams(form);
      const checked = await checkAuthorizeRequest(db, request.headers, params);
      const user = await sessionPrincipal(db, request);
      if (user?.kind !== "user") {
        const back = `${CONSENT_PATH}?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined))}`;
        return redirect(`${expectedOrigin(request.headers)}/sign-in?callbackUrl=${encodeURIComponent(back)}`, 303);
      }
      annotateRequest({ principal: { kind: "user", id: user.userId } });
      return continuePage(await decideConsent(db, request.headers, user, checked, form));
    },
    continuePage,
  );
}

/** POST /oauth/token. */
export function handleToken(request: Request): Promise<Response> {
  return answer("/oauth/token", async () => exchangeToken(await getDb(), request, await readBodyText(request, MAX_BODY_BYTES)));
}

/** POST /oauth/revoke (RFC 7009). */
export function handleRevoke(request: Request): Promise<Response> {
  return answer("/oauth/revoke", async () => {
    await revokeToken(await getDb(), await readBodyText(request, MAX_BODY_BYTES));
    return new Response(null, { status: 200, headers: { ...OAUTH_CORS, "cache-control": "no-store" } });
  });
}
