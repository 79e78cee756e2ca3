"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from "react";
import { setConsoleWorkspace } from "@/lib/api-client/request.ts";
import { WORKSPACE_PARAM, withWorkspace, workspaceToCarry } from "@/lib/console/workspace-url.ts";

/** `id`: the console's workspace; `carry`: what its links name (workspace-url.ts); `defaultId`: the person's own. */
type CurrentWorkspace = { id: string | null; carry: string | null; defaultId: string | null };

const WorkspaceContext = createContext<CurrentWorkspace>({ id: null, carry: null, defaultId: null });

/** The workspace a console URL names (`?workspace=`), else the person's default, read by the console layout. */
export function useUrlWorkspace(defaultWorkspaceId: string | null): CurrentWorkspace {
  const named = useSearchParams().get(WORKSPACE_PARAM) || null;
  return useMemo(() => {
    const id = named ?? defaultWorkspaceId;
    return { id, carry: workspaceToCarry(named, id), defaultId: defaultWorkspaceId };
  }, [named, defaultWorkspaceId]);
}

/**
 * Makes `workspace` the console's: its API requests send it (set before any child's effect asks
 * for data, as layout effects run before passive ones), its links and navigations carry it.
 */
export function CurrentWorkspaceProvider({ workspace, children }: { workspace: CurrentWorkspace; children: ReactNode }) {
  useLayoutEffect(() => setConsoleWorkspace(workspace.id), [workspace.id]);
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

/** The workspace the console acts in (null outside the console's pages, or for a person without one). */
export function useCurrentWorkspace(): string | null {
  return useContext(WorkspaceContext).id;
}

/** The person's default workspace (what a URL without `?workspace=` means). */
export function useDefaultWorkspace(): string | null {
  return useContext(WorkspaceContext).defaultId;
}

/** A console path as a link should name it: carrying the current workspace (lib/console/workspace-url.ts). */
export function useWorkspaceHref(): (href: string) => string {
  const { carry } = useContext(WorkspaceContext);
  return (href) => withWorkspace(href, carry);
}

/** next/navigation's router, whose push and replace carry the current workspace like every console link. */
export function useWorkspaceRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  const { carry } = useContext(WorkspaceContext);
  return useMemo(
    () => ({
      ...router,
      push: (to, options) => router.push(withWorkspace(to, carry), options),
      replace: (to, options) => router.replace(withWorkspace(to, carry), options),
    }),
    [router, carry],
  );
}
