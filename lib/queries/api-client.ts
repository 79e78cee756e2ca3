/**
 * The console's one way to call the API: the same /v1 endpoints that SDK users call,
 * authenticated by the session cookie. Errors carry the API's own message and type.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: { conflicting_path?: string; conflicting_memory_id?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A list value repeats its parameter (`version_id=a&version_id=b`). */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export interface ApiRequest {
  method?: "GET" | "POST" | "DELETE";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await fetch(apiUrl(path, request.query), {
    method: request.method ?? "GET",
    headers: {
      "anthropic-beta": "agent-memory-2026-07-22",
      ...(request.body !== undefined && { "content-type": "application/json" }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: "same-origin",
    signal: request.signal,
  });
  const text = await response.text();
  const json = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (json as { error?: { type?: string; message?: string; conflicting_path?: string; conflicting_memory_id?: string } } | null)?.error;
    if (response.status === 401 && typeof window !== "undefined") {
      // The session ended (expired, signed out elsewhere, account disabled): back to sign-in, as a full load that
      // drops every cached query of the old session (and this module has no router to push with).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiError(response.status, error?.type ?? "api_error", error?.message ?? `Request failed with status ${response.status}.`, {
      conflicting_path: error?.conflicting_path,
      conflicting_memory_id: error?.conflicting_memory_id,
    });
  }
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
