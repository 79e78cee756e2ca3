// POST /v1/users/{user} – change a user's role, name, password or disabled flag (admins only)
import { z } from "zod";
import { updateUser } from "@/lib/auth/users.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";

const updateBody = z.strictObject({
  role: z.string().optional(),
  name: z.string().optional(),
  password: z.string().optional(),
  disabled: z.boolean().optional(),
});

export const POST = apiRoute<{ user: string }>({ permission: "admin", beta: false }, async ({ db, params, body, principal }) => {
  const changes = parseWire(updateBody, await body(), "body");
  const actingUserId = principal.kind === "user" ? principal.userId : null;
  return userWire(await updateUser(db, { id: params.user, actingUserId, ...changes }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
