import { DEFAULT_WORKSPACE_ID } from "../memory/workspace.ts";

/**
 * Console URLs name their workspace with a search parameter (`/stores?workspace=wrkspc_…`), so
 * the paths of the console stay what they were and a link opens the same view for a colleague.
 * A URL without it means the person's default workspace.
 */
export const WORKSPACE_PARAM = "workspace";

/**
 * The workspace a console link should name: the one the current URL names, or the current one
 * when it is not Default. A person whose default is Default, on a URL that names none, keeps
 * links that name none (they mean the same for every member of Default, and the console's
 * URLs before workspaces stay as they were).
 */
export function workspaceToCarry(named: string | null, current: string | null): string | null {
  return named ?? (current !== null && current !== DEFAULT_WORKSPACE_ID ? current : null);
}

/** `href` naming `workspaceId`, unless it is not a console page's path or already names a workspace. */
export function withWorkspace(href: string, workspaceId: string | null): string {
  if (workspaceId === null || !href.startsWith("/") || href.startsWith("//") || /^\/(v1|api|mcp)(\/|$)/.test(href)) return href;
  const url = new URL(href, "http://console.internal");
  if (url.searchParams.has(WORKSPACE_PARAM)) return href;
  url.searchParams.set(WORKSPACE_PARAM, workspaceId);
  return url.pathname + url.search + url.hash;
}

/**
 * Where switching to another workspace goes: the same section there (`/stores/memstore_…` →
 * `/stores`), never an id of the workspace being left, which the other one does not have.
 */
export function sectionIn(pathname: string, workspaceId: string): string {
  const section = pathname.split("/").filter(Boolean)[0] ?? "stores";
  return `/${section}?${WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}`;
}
