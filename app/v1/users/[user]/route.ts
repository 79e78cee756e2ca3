// POST /v1/users/{user} – change a user's role, name, password or disabled flag (admins only)
import { updateUser } from "@/lib/auth/users.ts";
import { membershipOf } from "@/lib/auth/workspace-scope.ts";
import { notFound, permissionDenied } from "@/lib/memory/errors.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

/**
 * A workspace admin changes only their workspace's members, and a role within it; making or
 * unmaking admins (organisation admins) is for organisation admins.
 */
export const POST = apiRoute(OPERATIONS.updateUser, async ({ db, params, input, principal, actor }) => {
  const changes = await input();
  const actingUserId = principal.kind === "user" ? principal.userId : null;
  if (!principal.orgAdmin) {
    const [target] = await db.sql.$queryRaw<{ role: string }[]>`SELECT role FROM users WHERE id = ${params.user}`;
    if (!target || (await membershipOf(db.sql, principal.workspaceId, params.user)) === null) throw notFound(`User ${params.user} not found.`);
    if (changes.role === "admin" || target.role === "admin") throw permissionDenied("Only organisation admins may make or change admins.");
  }
  const user = await updateUser(db, { id: params.user, actingUserId, by: actor, ...changes, workspaceId: principal.workspaceId });
  return userWire(user, await membershipOf(db.sql, principal.workspaceId, user.id));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
