import { invalidRequest } from "../memory/errors.ts";

/**
 * No value of this API holds U+0000 (paths, names and content refuse it, ids never contain
 * it) and PostgreSQL text cannot even be compared with it. A NUL in a path segment or a query
 * value is refused here, so both engines answer 400 (SQLite used to say "not found" and
 * PostgreSQL failed with a 500).
 */
export function assertNoNulInUrl(url: URL, params: Record<string, string>) {
  for (const [name, value] of [...Object.entries(params), ...url.searchParams]) {
    if (value.includes("\u0000")) throw invalidRequest(`${name}: must not contain NUL (%00) characters.`);
  }
}
