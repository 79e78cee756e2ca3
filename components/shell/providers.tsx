"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "@/lib/queries/query-client.ts";
import { CurrentWorkspaceProvider, useUrlWorkspace } from "./current-workspace.tsx";

/**
 * The console's workspace (from its URL) and React Query's cache. The cache is one per
 * workspace: every query key is in effect prefixed by the workspace, so switching never shows
 * another workspace's data, and a mutation's invalidations stay in the workspace it ran in.
 * Going back to a workspace finds its cache as it was left.
 */
export function Providers({ defaultWorkspaceId, children }: { defaultWorkspaceId: string | null; children: ReactNode }) {
  const workspace = useUrlWorkspace(defaultWorkspaceId);
  const [clients] = useState(() => new Map<string | null, QueryClient>());
  if (!clients.has(workspace.id)) clients.set(workspace.id, makeQueryClient());
  return (
    <CurrentWorkspaceProvider workspace={workspace}>
      {/* Keyed: nothing rendered for one workspace, nor its cache, carries over into another's. */}
      <QueryClientProvider key={workspace.id ?? ""} client={clients.get(workspace.id)!}>
        {children}
      </QueryClientProvider>
    </CurrentWorkspaceProvider>
  );
}
