import { dehydrate, QueryClient, type QueryKey } from "@tanstack/react-query";
import { WorkspaceHydration } from "@/components/shell/workspace-hydration.tsx";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { GET as retrieveMemory } from "@/app/v1/memory_stores/[store]/memories/[memory]/route.ts";
import { GET as listMemories } from "@/app/v1/memory_stores/[store]/memories/route.ts";
import { GET as listVersions } from "@/app/v1/memory_stores/[store]/memory_versions/route.ts";
import { GET as retrieveStore } from "@/app/v1/memory_stores/[store]/route.ts";
import { GET as listStores } from "@/app/v1/memory_stores/route.ts";
import { GET as listMemoriesAsOf } from "@/app/v1/point_in_time/[store]/memories/route.ts";
import { GET as retrieveStoreAsOf } from "@/app/v1/point_in_time/[store]/route.ts";
import { GET as findStores } from "@/app/v1/store_search/route.ts";
import { getServerSession } from "next-auth";
import { consoleDefaultWorkspace } from "@/lib/auth/console-workspace.ts";
import { authOptions } from "@/lib/auth/next-auth-options.ts";
import { WORKSPACE_PARAM } from "@/lib/console/workspace-url.ts";
import { WORKSPACE_HEADER } from "@/lib/http/operation-routes.ts";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { OperationName } from "@/lib/http/operation-routes.ts";
import { currentRequest, requestContext } from "@/lib/observability/request-context.ts";
import type { ApiRequestMeta } from "@/lib/queries/page-queries.ts";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The route handlers of the operations a console page's primary content comes from (page-queries.ts), by operation name. */
const HANDLERS: Partial<Record<OperationName, RouteHandler>> = {
  listStores: listStores as RouteHandler,
  findStores: findStores as RouteHandler,
  retrieveStore: retrieveStore as RouteHandler,
  listMemories: listMemories as RouteHandler,
  retrieveMemory: retrieveMemory as RouteHandler,
  listVersions: listVersions as RouteHandler,
  listMemoriesAsOf: listMemoriesAsOf as RouteHandler,
  retrieveStoreAsOf: retrieveStoreAsOf as RouteHandler,
};

/**
 * Answers an API GET in-process, through the very route handler a browser's request would reach
 * (its authentication by the session cookie, role and store checks, serialisation), so the data
 * in the HTML is exactly what the page would have fetched. Undefined when the API refuses.
 */
async function answer({ operation, params, query }: ApiRequestMeta["request"], cookie: string | null, workspaceId: string | null): Promise<unknown> {
  const handler = HANDLERS[operation];
  if (!handler) throw new Error(`no in-process route for the operation ${operation}`);
  const url = new URL(operationUrl(operation, { params, query } as Parameters<typeof operationUrl>[1]), "http://console.internal");
  const headers = new Headers({ "anthropic-beta": "agent-memory-2026-07-22" });
  if (cookie) headers.set("cookie", cookie);
  // The workspace the browser's own request would name (components/shell/current-workspace.tsx).
  if (workspaceId) headers.set(WORKSPACE_HEADER, workspaceId);
  // A record of its own: the route would otherwise name itself on the page request's log line.
  const response = await requestContext().run(
    { requestId: "prefetch", route: null, principal: null, clientAddress: currentRequest()?.clientAddress ?? "unknown" },
    () => handler(new Request(url, { headers }), { params: Promise.resolve(params) }),
  );
  return response.ok ? response.json() : undefined;
}

/**
 * The page's workspace as the browser will name it: the URL's `?workspace=` (the console's path
 * and query reach the server as x-console-path, proxy.ts), else the person's default.
 */
async function pageWorkspace(): Promise<string | null> {
  const path = (await headers()).get("x-console-path") ?? "";
  const named = new URL(path, "http://console.internal").searchParams.get(WORKSPACE_PARAM);
  if (named) return named;
  const session = await getServerSession(await authOptions());
  return session?.user ? consoleDefaultWorkspace(session.user.id, session.user.role === "admin") : null;
}

/**
 * Renders `children` with these queries already in React Query's cache, fetched on the server
 * while the page renders: the HTML arrives with the content, and the browser fetches nothing
 * before showing it. Queries the API refuses are left for the page to fetch (and show the error).
 */
export async function WithPageData({ queries, children }: { queries: { queryKey: QueryKey; meta?: Record<string, unknown> }[]; children: ReactNode }) {
  const client = new QueryClient();
  const cookie = (await headers()).get("cookie");
  const workspaceId = await pageWorkspace();
  await Promise.all(
    queries.map(async ({ queryKey, meta }) => {
      const { request } = meta as ApiRequestMeta;
      const data = await answer(request, cookie, workspaceId);
      if (data !== undefined) client.setQueryData(queryKey, request.paged ? { pages: [data], pageParams: [null] } : data);
    }),
  );
  return (
    <WorkspaceHydration workspaceId={workspaceId} state={dehydrate(client)}>
      {children}
    </WorkspaceHydration>
  );
}
