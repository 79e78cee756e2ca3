// GET /v1/actors – names for the ids in version history: users' emails and API keys' names
import { listActorNames } from "@/lib/auth/actor-names.ts";
import { assertCan } from "@/lib/auth/principal.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

// Console users of any role see who acted; among API keys only admin keys may list the
// team's emails and key names (an agent's key has no need for them).
export const GET = apiRoute(OPERATIONS.listActors, async ({ db, principal }) => {
  if (principal.kind === "api_key") assertCan(principal, "admin");
  return listActorNames(db, principal.workspaceId);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
