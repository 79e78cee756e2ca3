// GET /v1/me – who the request acts as, and what it may do (the console hides what it may not)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { principalWire } from "@/lib/http/admin-wire.ts";

export const GET = apiRoute(OPERATIONS.me, async ({ principal }) => principalWire(principal));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
