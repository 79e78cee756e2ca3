import type { Principal } from "../auth/principal.ts";
import type { Actor } from "../memory/actor.ts";
import type { Db } from "../memory/db.ts";
import type { Reader } from "../memory/reads/reader.ts";

/** What one MCP request's tools, resources and prompts run with: one store, one authenticated key. */
export interface McpContext {
  db: Db;
  storeId: string;
  principal: Principal;
  /** Who this request's writes are attributed to (the key, or the session it names). */
  actor: Actor;
  /** Who this request's reads are recorded as (lib/memory/reads). */
  reader: Reader;
  /** False for read-only keys and viewers: writing commands answer with an error result and change nothing. */
  canWrite: boolean;
}
