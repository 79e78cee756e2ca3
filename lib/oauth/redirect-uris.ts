/**
 * Which redirect URIs a client may register (OAuth 2.1 §2.3.1, the MCP authorization spec):
 * https anywhere, or http on a loopback address (a desktop client's local listener, any port).
 * No fragments, no credentials in the URL. Codes are only ever sent to a URI registered
 * exactly, so a registered URI is the only place a redirect goes (no open redirect).
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why the URI may not be registered, or null when it may. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not an absolute URL";
  }
  if (url.hash || value.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "must use https, or http on a loopback address (localhost, 127.0.0.1, [::1])";
}
