"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useCurrentWorkspace } from "./current-workspace.tsx";

/**
 * A page's server-fetched data (server-prefetch.tsx), put into the cache only in the workspace
 * it was fetched in. While a switch is under way React may render the page being left once more
 * under the new workspace's cache; its data (the other workspace's stores) must not land there.
 */
export function WorkspaceHydration({ workspaceId, state, children }: { workspaceId: string | null; state: DehydratedState; children: ReactNode }) {
  const current = useCurrentWorkspace();
  return <HydrationBoundary state={workspaceId === current ? state : undefined}>{children}</HydrationBoundary>;
}
