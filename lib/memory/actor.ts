/**
 * Who made a change, as recorded on versions (`created_by`, `redacted_by`). A session actor
 * written through an API key also names the key (`api_key_id`): it is recorded beside the
 * session so that a key cannot hide its writes behind a session id; it is not on the wire.
 */
export type Actor =
  | { type: "api_actor"; api_key_id: string }
  | { type: "user_actor"; user_id: string }
  | { type: "session_actor"; session_id: string; api_key_id?: string }
  | { type: "service_account_actor"; service_account_id: string };

/** The API key behind a change, whoever it is attributed to, or null (a console user). */
export function apiKeyIdOf(actor: Actor): string | null {
  if (actor.type === "api_actor") return actor.api_key_id;
  if (actor.type === "session_actor") return actor.api_key_id ?? null;
  return null;
}

export function actorId(actor: Actor): string {
  switch (actor.type) {
    case "api_actor":
      return actor.api_key_id;
    case "user_actor":
      return actor.user_id;
    case "session_actor":
      return actor.session_id;
    case "service_account_actor":
      return actor.service_account_id;
  }
}

export function actorFromColumns(type: string | null, id: string | null): Actor | null {
  if (!type || !id) return null;
  switch (type) {
    case "api_actor":
      return { type, api_key_id: id };
    case "user_actor":
      return { type, user_id: id };
    case "session_actor":
      return { type, session_id: id };
    case "service_account_actor":
      return { type, service_account_id: id };
    default:
      return null;
  }
}
