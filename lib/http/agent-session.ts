import { invalidRequest } from "../memory/errors.ts";
import { memoryToolQuery } from "./memory-tool-schemas.ts";

/**
 * The agent session a request names in a header: MCP's writes are attributed to it, and the
 * reads of MCP and of the /v1 memory routes are recorded under it (the memory-tool endpoint
 * names it with `?session_id=`). Checked as that query parameter is.
 */
export const SESSION_HEADER = "x-memory-session-id";

export function sessionIdOf(headers: Headers): string | undefined {
  const value = headers.get(SESSION_HEADER);
  if (value === null) return undefined;
  const parsed = memoryToolQuery.shape.session_id.safeParse(value);
  if (!parsed.success) throw invalidRequest(`${SESSION_HEADER}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}
