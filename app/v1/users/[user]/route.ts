// POST /v1/users/{user} – change a user's role, name, password or disabled flag (admins only)
import { updateUser } from "@/lib/auth/users.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const POST = apiRoute(OPERATIONS.updateUser, async ({ db, params, input, principal, actor }) => {
  const changes = await input();
  const actingUserId = principal.kind === "user" ? principal.userId : null;
  return userWire(await updateUser(db, { id: params.user, actingUserId, by: actor, ...changes }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
