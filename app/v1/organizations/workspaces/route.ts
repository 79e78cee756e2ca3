// GET /v1/organizations/workspaces – list workspaces; POST – create one (organisation admins)
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { mapPage, pagingOf } from "@/lib/auth/id-page.ts";
import { assertFixedWorkspaceFields } from "@/lib/auth/workspace-fields.ts";
import { createWorkspace, listWorkspaces } from "@/lib/auth/workspaces.ts";
import { allValues, workspaceWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listWorkspaces, async ({ db, query, url, principal }) => {
  assertOrgAdmin(principal);
  const ids = allValues(url, "ids");
  const page = await listWorkspaces(db.sql, {
    ...pagingOf(query),
    includeArchived: query.include_archived ?? false,
    includeDefault: query.include_default ?? false,
    ...(ids.length > 0 && { ids }),
  });
  return mapPage(page, workspaceWire);
});

/** What this server has no counterpart for is refused, never silently dropped. */
export const POST = apiRoute(OPERATIONS.createWorkspace, async ({ db, input, principal, actor }) => {
  assertOrgAdmin(principal);
  const body = await input();
  assertFixedWorkspaceFields(body);
  return workspaceWire(await createWorkspace(db, { name: body.name, displayColor: body.display_color, tags: body.tags }, actor));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
