import type { ActivityPrincipal } from "@/lib/queries/types.ts";

/** The query a principal is filtered by in the changes view, and undone by in a revert (service accounts: neither). */
export type PrincipalParam = { session_id: string } | { api_key_id: string } | { user_id: string };

export function principalParam(p: ActivityPrincipal): PrincipalParam | null {
  switch (p.actor.type) {
    case "session_actor":
      return { session_id: p.actor.session_id };
    case "api_actor":
      return { api_key_id: p.actor.api_key_id };
    case "user_actor":
      return { user_id: p.actor.user_id };
    default:
      return null;
  }
}

/** How people read a principal: a session with the key it wrote through, a key by its name, a user by name. */
export function principalLabel(p: ActivityPrincipal): string {
  const key = p.api_key ? (p.api_key.name ?? p.api_key.id) : null;
  switch (p.actor.type) {
    case "session_actor":
      return `session ${p.actor.session_id}${key ? ` (key ${key})` : ""}`;
    case "api_actor":
      return `API key ${key ?? p.actor.api_key_id}`;
    case "user_actor":
      return `user ${p.user_name ?? p.actor.user_id}`;
    case "service_account_actor":
      return `service account ${p.actor.service_account_id}`;
  }
}

/** The value of the filter's <select> for a principal or the URL's filter: `session_id=…`. */
export const paramValue = (param: PrincipalParam | null) => (param ? Object.entries(param)[0]!.join("=") : "");
export function parseParamValue(value: string): PrincipalParam | null {
  const [key, ...rest] = value.split("=");
  const id = rest.join("=");
  if (!id) return null;
  if (key === "session_id") return { session_id: id };
  if (key === "api_key_id") return { api_key_id: id };
  if (key === "user_id") return { user_id: id };
  return null;
}
