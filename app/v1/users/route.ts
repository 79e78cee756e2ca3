// GET /v1/users – list console users; POST /v1/users – create one (admins only)
import { createUser, listUsers } from "@/lib/auth/users.ts";
import type { Role } from "@/lib/auth/roles.ts";
import { WORKSPACE_ROLE_OF } from "@/lib/auth/workspace-roles.ts";
import { permissionDenied } from "@/lib/memory/errors.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listUsers, async ({ db, principal }) => ({
  data: (await listUsers(db, principal.workspaceId, principal.orgAdmin)).map((u) => userWire(u, u.workspaceRole)),
  next_page: null,
}));

/** A reviewer or viewer joins the request's workspace; a new admin is an organisation admin, whom only organisation admins make. */
export const POST = apiRoute(OPERATIONS.createUser, async ({ db, input, actor, principal }) => {
  const body = await input();
  if (body.role === "admin" && !principal.orgAdmin)
    throw permissionDenied("Only organisation admins may create admins; a workspace admin adds reviewers and viewers.");
  const user = await createUser(db, { ...body, by: actor, workspaceId: principal.workspaceId });
  return userWire(user, body.role === "admin" ? null : WORKSPACE_ROLE_OF[user.role as Role]);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
