// GET /v1/users – list console users; POST /v1/users – create one (admins only)
import { createUser, listUsers } from "@/lib/auth/users.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listUsers, async ({ db }) => ({
  data: (await listUsers(db)).map(userWire),
  next_page: null,
}));

export const POST = apiRoute(OPERATIONS.createUser, async ({ db, input, actor }) => userWire(await createUser(db, { ...(await input()), by: actor })));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
