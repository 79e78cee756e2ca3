/**
 * The client's address for rate limiting: the first X-Forwarded-For entry (Next's server sets
 * it from the socket; behind a reverse proxy, the proxy's header), else "unknown".
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined> | undefined): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers?.["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.split(",")[0]?.trim() || "unknown";
}
