// GET /v1/users – list console users; POST /v1/users – create one (admins only)
import { z } from "zod";
import { createUser, listUsers } from "@/lib/auth/users.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";

const createBody = z.strictObject({ email: z.string(), password: z.string(), role: z.string(), name: z.string().optional() });

export const GET = apiRoute({ permission: "admin", beta: false }, async ({ db }) => ({
  data: (await listUsers(db)).map(userWire),
  next_page: null,
}));

export const POST = apiRoute({ permission: "admin", beta: false }, async ({ db, body }) =>
  userWire(await createUser(db, parseWire(createBody, await body(), "body"))),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
