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
/** The id field of each actor type on the wire. */
const ID_FIELD = {
  api_actor: "api_key_id",
  user_actor: "user_id",
  session_actor: "session_id",
  service_account_actor: "service_account_id",
} as const satisfies Record<Actor["type"], string>;

/** Longest actor id a file may name (ids here are ~33 characters; session ids are the client's own). */
const ACTOR_ID_MAX = 256;

/**
 * An actor as a file or a client wrote it (`{type, <its id field>}`), checked: null stays null,
 * anything else must be one of the four shapes with a printable id of at most 256 characters.
 * Only the type's own id is read: a session actor's `api_key_id` in a file is not believed.
 * Returns the problem instead of throwing, for the caller to place it.
 */
export function actorFromWire(value: unknown): { actor: Actor | null } | { problem: string } {
  if (value === null || value === undefined) return { actor: null };
  if (typeof value !== "object" || Array.isArray(value)) return { problem: "must be an actor object or null" };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !Object.hasOwn(ID_FIELD, type)) {
    return { problem: `type must be one of ${Object.keys(ID_FIELD).join(", ")}` };
  }
  const field = ID_FIELD[type as Actor["type"]];
  const id = (value as Record<string, unknown>)[field];
  if (typeof id !== "string" || id.length === 0 || id.length > ACTOR_ID_MAX || /[\p{Cc}\p{Cf}]/u.test(id)) {
    return { problem: `${field} must be 1 to ${ACTOR_ID_MAX} printable characters` };
  }
  return { actor: actorFromColumns(type, id) };
}

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
