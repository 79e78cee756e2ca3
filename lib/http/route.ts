import { assertCan, assertStoreAccess, type Principal } from "../auth/principal.ts";
import type { Permission } from "../auth/roles.ts";
import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import type { Actor } from "../memory/actor.ts";
import { actorOf } from "../auth/principal.ts";
import type { Db } from "../memory/db.ts";
import { authenticate } from "./authenticate.ts";
import { checkBetaHeader } from "./beta.ts";
import { readJsonBody } from "./body.ts";
import { envelope, errorResponse, newRequestId } from "./errors.ts";
import { assertNoNulInUrl } from "./url.ts";

export interface ApiContext<P> {
  db: Db;
  request: Request;
  url: URL;
  params: P;
  principal: Principal;
  actor: Actor;
  /** The JSON object body (read on demand, size-limited). */
  body(): Promise<Record<string, unknown>>;
}

export interface RouteSpec {
  /** What the caller must be allowed to do. */
  permission: Permission;
  /** Header rule of the Memory Stores API; the console's own admin routes do not need it. */
  beta?: boolean;
}

type Handler<P> = (ctx: ApiContext<P>) => Promise<unknown>;

/**
 * Every /v1 route is `export const GET = apiRoute({ permission }, handler)`: authentication,
 * the beta header, role and store-scope checks and the error envelope are declared here once.
 * A handler parses its input, makes one domain call and returns the wire object.
 */
export function apiRoute<P extends Record<string, string> = Record<string, never>>(spec: RouteSpec, handler: Handler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const requestId = newRequestId();
    try {
      const db = await getDb();
      const principal = await authenticate(db, request);
      if (spec.beta !== false) checkBetaHeader(request.headers);
      assertCan(principal, spec.permission);
      const params = (await context.params) ?? ({} as P);
      const url = new URL(request.url);
      assertNoNulInUrl(url, params);
      if ("store" in params) assertStoreAccess(principal, params.store!);
      const result = await handler({
        db,
        request,
        url,
        params,
        principal,
        actor: actorOf(principal),
        body: () => readJsonBody(request, config().MAX_REQUEST_BODY_BYTES),
      });
      // A handler that streams (an export) returns its own Response.
      if (result instanceof Response) {
        result.headers.set("request-id", requestId);
        return result;
      }
      return Response.json(result, { headers: { "request-id": requestId } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * 405 in the error envelope, with `Allow`, for the methods a route does not have (Next.js would
 * answer an empty 405 of its own). Each route file ends with
 * `export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE")`; a test walks every route.
 */
export function otherMethods<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, (request: Request) => Response> {
  const has = (m: Method) => (allowed as Method[]).includes(m);
  const allow = [...allowed, ...(has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = (request: Request) =>
    envelope(405, "invalid_request_error", `Method ${request.method} is not allowed here; this endpoint accepts ${allowed.join(", ")}.`, newRequestId(), {
      allow,
    });
  return Object.fromEntries(METHODS.filter((m) => !has(m)).map((m) => [m, refuse])) as Record<Exclude<Method, A>, (request: Request) => Response>;
}
