import { assertCan, assertStoreAccess, type Principal } from "../auth/principal.ts";
import type { z } from "zod";
import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import type { Actor } from "../memory/actor.ts";
import { actorOf, readerOf } from "../auth/principal.ts";
import type { ReadChannel, Reader } from "../memory/reads/reader.ts";
import { sessionIdOf } from "./agent-session.ts";
import type { Db } from "../memory/db.ts";
import { annotateRequest } from "../observability/request-context.ts";
import { authenticate } from "./authenticate.ts";
import { assertStoreInWorkspace, resolveWorkspace, WORKSPACE_HEADER } from "../auth/workspace-scope.ts";
import { checkBetaHeader } from "./beta.ts";
import { readJsonBody } from "./body.ts";
import { holdsLongArray, jsonStream } from "./json-in-turns.ts";
import { envelope, errorResponse, newRequestId } from "./errors.ts";
import type { Operation } from "./operations.ts";
import { parseWire, queryOf, withoutEmptyQueryValues } from "./schemas.ts";
import { assertNoNulInUrl } from "./url.ts";

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<O extends Operation> = { [K in ParamNames<O["path"]>]: string };
type QueryOf<O extends Operation> = O extends { query: z.ZodType<infer Q> } ? Q : Record<string, never>;
type InputOf<O extends Operation> = O extends { body: z.ZodType<infer B> } ? B : never;

export interface ApiContext<O extends Operation> {
  db: Db;
  request: Request;
  url: URL;
  params: ParamsOf<O>;
  /** The query string, parsed by the operation's schema (unknown keys of a strict schema refused). */
  query: QueryOf<O>;
  principal: Principal;
  actor: Actor;
  /** Who a read this request hands out is recorded as (lib/memory/reads): through `channel`, in the session `x-memory-session-id` names. */
  reader(channel: ReadChannel): Reader;
  /** The JSON body, parsed by the operation's schema (read on demand, size-limited). */
  input(): Promise<InputOf<O>>;
  /** The JSON object body as sent (read on demand, size-limited), for a body the domain checks itself. */
  body(): Promise<Record<string, unknown>>;
}

/** A handler returns the wire object its operation promises, or a Response of its own (a download). */
type Handler<O extends Operation> = (ctx: ApiContext<O>) => Promise<z.input<O["response"]> | Response>;

/**
 * Every /v1 route is `export const GET = apiRoute(OPERATIONS.x, handler)`: authentication, the
 * beta header, role and store-scope checks, query and body parsing and the error envelope are
 * declared here once, from the operation (operations.ts) that the OpenAPI document also
 * describes. A handler makes one domain call and returns the wire object its operation promises.
 */
export function apiRoute<const O extends Operation>(operation: O, handler: Handler<O>) {
  return async (request: Request, context: { params: Promise<ParamsOf<O>> }): Promise<Response> => {
    annotateRequest({ route: operation.path });
    const requestId = newRequestId();
    try {
      const db = await getDb();
      const params = (await context.params) ?? ({} as ParamsOf<O>);
      const pathStore = "store" in params ? (params.store as string) : undefined;
      const { principal: authenticated, storeWorkspaceId } = await authenticate(db, request, pathStore);
      annotateRequest({
        principal: authenticated.kind === "api_key" ? { kind: "api_key", id: authenticated.apiKeyId } : { kind: "user", id: authenticated.userId },
      });
      if (operation.beta) checkBetaHeader(request.headers);
      const principal = await resolveWorkspace(db.sql, authenticated, request.headers.get(WORKSPACE_HEADER), !operation.organization);
      assertCan(principal, operation.permission);
      const url = withoutEmptyQueryValues(new URL(request.url));
      assertNoNulInUrl(url, params);
      if (pathStore !== undefined) {
        assertStoreAccess(principal, pathStore);
        await assertStoreInWorkspace(db.sql, principal, pathStore, storeWorkspaceId);
      }
      const query = (operation.query ? parseWire(operation.query, queryOf(url), "query") : {}) as QueryOf<O>;
      const body = () => readJsonBody(request, config().MAX_REQUEST_BODY_BYTES);
      const input = async () => parseWire(operation.body!, await body(), "body") as InputOf<O>;
      const reader = (channel: ReadChannel) => readerOf(principal, sessionIdOf(request.headers), channel);
      const result = await handler({ db, request, url, params, query, principal, actor: actorOf(principal), reader, input, body });
      // A handler may answer with a Response of its own (a download); it still names the request.
      if (result instanceof Response) {
        result.headers.set("request-id", requestId);
        return result;
      }
      return jsonAnswer(result, requestId);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/**
 * Next.js gzips every answer whose client accepts gzip (the SDKs always do); for a small answer
 * that costs more than it saves (about 0.7 ms on a 3 ms list, measured by bench/compression.ts).
 * Below COMPRESS_MIN_BYTES the answer says `no-transform`, which Next's compression honours, so
 * only large answers (view=full pages, big lists) are compressed. The byte length is counted
 * only for answers already shorter than the threshold in UTF-16 units (never more than bytes).
 */
function jsonAnswer(result: unknown, requestId: string): Response {
  // A long answer (a 10,000-item dry run) is serialized and encoded a part at a time as it is sent.
  if (holdsLongArray(result)) return new Response(jsonStream(result), { headers: { "content-type": "application/json", "request-id": requestId } });
  const body = JSON.stringify(result);
  const headers: Record<string, string> = { "content-type": "application/json", "request-id": requestId };
  if (body.length < config().COMPRESS_MIN_BYTES && Buffer.byteLength(body) < config().COMPRESS_MIN_BYTES) headers["cache-control"] = "no-transform";
  return new Response(body, { headers });
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
