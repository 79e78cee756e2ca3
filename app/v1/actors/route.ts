// GET /v1/actors – names for the ids in version history: users' emails and API keys' names
import { apiRoute } from "@/lib/http/route.ts";
import { listActorNames } from "@/lib/auth/actor-names.ts";

export const GET = apiRoute({ permission: "read", beta: false }, async ({ db }) => listActorNames(db));
