/**
 * A page's filters <-> its query string, named exactly like the API's parameters, so that a
 * filtered page is a link and the API call is the URL's own keys: each known key once, values
 * trimmed, empty ones left out, in the keys' order (one URL per set of filters).
 */
export function filtersFromQuery<K extends string>(keys: readonly K[], params: URLSearchParams): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** `?key=value&…`, or "" when no filter is set. */
export function filtersToQuery<K extends string>(keys: readonly K[], filters: Partial<Record<K, string>>): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
