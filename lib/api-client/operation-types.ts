import type { z } from "zod";
import type { OPERATION_ROUTES, OperationName } from "@/lib/http/operation-routes.ts";
import type { OPERATIONS } from "@/lib/http/operations.ts";
import type { NarrowResponses } from "./response-types.ts";

/**
 * What each operation takes and answers, derived from the operation table's own schemas by type
 * only: `import type` leaves no trace in the bundle, so the browser gets the types of the zod
 * schemas and serializers the server uses without loading zod or any server code.
 */
type Operations = typeof OPERATIONS;
export type { OperationName };

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The route template's `{name}` segments, each a string (the client encodes them). */
export type ParamsOf<N extends OperationName> = { [K in ParamNames<Operations[N]["path"]>]: string };

type Repeated<N extends OperationName> = (typeof OPERATION_ROUTES)[N] extends { repeated: readonly (infer R extends string)[] } ? R : never;
/**
 * A query value as sent: text (an enum's value, a timestamp's ISO form: the console often holds
 * them as its own URL's text, and the schema refuses a wrong one with a 400), or numbers and
 * booleans as they are.
 */
type QueryValue<V> = V extends boolean ? boolean : V extends number ? number : V extends string | Date ? string : never;
type SchemaQuery<Q, R extends string> = { [K in Exclude<keyof Q, R>]?: QueryValue<Q[K]> | null } & { [K in R]?: readonly string[] };
/** The query parameters the operation's schema reads (null or "" leaves one out), plus its repeated ones as lists. */
export type QueryOf<N extends OperationName> = Operations[N] extends { query: z.ZodType<infer Q> } ? SchemaQuery<Q, Repeated<N>> : Record<string, never>;

export type BodyOf<N extends OperationName> = Operations[N] extends { body: z.ZodType } ? z.input<Operations[N]["body"]> : never;

/**
 * The wire object the handler returns (route.ts checks the handler against the same schema), or
 * the narrower type response-types.ts names for it.
 */
export type ResponseOf<N extends OperationName> = N extends keyof NarrowResponses ? NarrowResponses[N] : z.input<Operations[N]["response"]>;

/** Operations that page with a cursor (`pagination: "cursor"` in operation-routes.ts). */
export type PagedName = { [N in OperationName]: (typeof OPERATION_ROUTES)[N] extends { pagination: "cursor" } ? N : never }[OperationName];

type ParamsArg<N extends OperationName> = [keyof ParamsOf<N>] extends [never] ? { params?: undefined } : { params: ParamsOf<N> };
type BodyArg<N extends OperationName> = [BodyOf<N>] extends [never] ? { body?: undefined } : { body: BodyOf<N> };

/** One call's input: `params` when the path has segments, `body` when the operation takes one, `query` always optional. */
export type CallArgs<N extends OperationName> = ParamsArg<N> &
  BodyArg<N> & {
    query?: QueryOf<N>;
    signal?: AbortSignal;
    /** A body sent as it is (an import's file) rather than as JSON. */ upload?: { body: BodyInit; contentType: string };
  };

/** Optional as a whole when nothing in it is required. */
export type CallRest<N extends OperationName> = [keyof ParamsOf<N>] extends [never]
  ? [BodyOf<N>] extends [never]
    ? [args?: CallArgs<N>]
    : [args: CallArgs<N>]
  : [args: CallArgs<N>];
