// Relative, not "@/": the operator commands bundle this file with esbuild (scripts/build-cli.mjs).
import { OPERATION_ROUTES } from "../http/operation-routes.ts";
import type { CallArgs, CallRest, OperationName, PagedName, ParamsOf, QueryOf, ResponseOf } from "./operation-types.ts";
import { WORKSPACE_HEADER } from "../http/operation-routes.ts";
import { api, apiUrl, CONSOLE_TRANSPORT, jsonOf, send, type Query, type Transport } from "./request.ts";

/**
 * The typed client of the /v1 API, built from the operation table: an operation is called by
 * its name with typed `params` (the route template's segments), `query` and `body`, and answers
 * the type of its response schema. `apiClient` is the console's (same origin, session cookie);
 * `createApiClient(transport)` makes one for a script that names a server and a key.
 *
 *   const store = await apiClient.call("retrieveStore", { params: { store: id } });
 *   useInfiniteQuery({ queryKey, ...apiClient.pages("listStores", { query: { limit: 100 } }) });
 */
export interface ApiClient {
  /** Calls the operation and answers its JSON; a refusal throws ApiError. */
  call<N extends OperationName>(name: N, ...args: CallRest<N>): Promise<ResponseOf<N>>;
  /** Calls the operation and answers the Response itself (a download, a stream), whatever its status. */
  send<N extends OperationName>(name: N, ...args: CallRest<N>): Promise<Response>;
  /**
   * A cursor-paged list as React Query's infinite query takes it: each page asks for the
   * previous answer's `next_page`, and a null `next_page` is the last page.
   */
  pages<N extends PagedName>(
    name: N,
    args: Omit<CallArgs<N>, "signal">,
  ): {
    queryFn: (context: { pageParam: string | null; signal?: AbortSignal }) => Promise<ResponseOf<N>>;
    initialPageParam: string | null;
    getNextPageParam: (last: ResponseOf<N>) => string | null;
  };
}

/** The operation's URL (path with its segments encoded, then the query), relative to the API's origin. */
export function operationUrl<N extends OperationName>(name: N, args: { params?: ParamsOf<N>; query?: QueryOf<N> } = {}): string {
  return apiUrl(operationPath(name, (args.params ?? {}) as Record<string, string>), args.query as Query | undefined);
}

function operationPath(name: OperationName, params: Record<string, string>): string {
  return OPERATION_ROUTES[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: the path parameter "${key}" is missing.`);
    return encodeURIComponent(value);
  });
}

export function createApiClient(transport: Transport): ApiClient {
  const sendOperation = (name: OperationName, args: CallArgs<OperationName> = {} as CallArgs<OperationName>) =>
    send(transport, operationPath(name, (args.params ?? {}) as Record<string, string>), {
      method: OPERATION_ROUTES[name].method,
      query: args.query as Query | undefined,
      body: args.body,
      upload: args.upload,
      signal: args.signal,
    });
  const client: ApiClient = {
    send: (name, ...[args]) => sendOperation(name, args as CallArgs<OperationName>),
    call: async (name, ...[args]) => jsonOf(await sendOperation(name, args as CallArgs<OperationName>), transport),
    pages: (name, args) => ({
      queryFn: ({ pageParam, signal }) =>
        client.call(name, ...([{ ...args, query: { ...args.query, page: pageParam }, signal }] as unknown as CallRest<typeof name>)),
      initialPageParam: null,
      getNextPageParam: (last) => (last as { next_page: string | null }).next_page,
    }),
  };
  return client;
}

export const apiClient = createApiClient(CONSOLE_TRANSPORT);

/**
 * The console's client acting in a workspace other than its URL's, for the one call that names
 * a workspace by where it is sent (an invite joins the workspace it is created in).
 */
export const apiClientIn = (workspaceId: string) =>
  createApiClient({ ...CONSOLE_TRANSPORT, headers: { ...CONSOLE_TRANSPORT.headers, [WORKSPACE_HEADER]: workspaceId } });

/** GET /v1/openapi.json, the document generated from the operation table (not itself an operation in it). */
export const openApiDocument = <T>(signal?: AbortSignal) => api<T>("/v1/openapi.json", { signal });
