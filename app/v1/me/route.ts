// GET /v1/me – who the request acts as, what it may do (the console hides what it may not), and a person's workspaces
import { usableWorkspaces } from "@/lib/auth/usable-workspaces.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { principalWire } from "@/lib/http/admin-wire.ts";

export const GET = apiRoute(OPERATIONS.me, async ({ db, principal }) =>
  principalWire(principal, principal.kind === "user" ? await usableWorkspaces(db.sql, principal) : []),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
