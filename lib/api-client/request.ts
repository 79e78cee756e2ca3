import { WORKSPACE_HEADER } from "../http/operation-routes.ts";

/**
 * The low-level request: a URL with its query, JSON in, JSON out, and every refusal an
 * `ApiError` carrying the API's own message and type (the Anthropic envelope). The typed
 * client (client.ts) builds on it; `api(path)` stays for callers not yet on the client.
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

/** A list value repeats its parameter (`version_id=a&version_id=b`); null, undefined and "" are left out. */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export interface ApiRequest {
  method?: "GET" | "POST" | "DELETE";
  query?: Query;
  body?: unknown;
  /** A body sent as it is rather than as JSON (an import's file), with its content type. */
  upload?: { body: BodyInit; contentType: string };
  signal?: AbortSignal;
}

/** How a client reaches the API: the console's is same-origin with the session cookie; a script's names a server and a key. */
export interface Transport {
  /** The server the paths are resolved against, as `new URL(path, baseUrl)` does ("" for same-origin: relative URLs). */
  baseUrl: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  /** Called before an ApiError for a 401 is thrown (the console goes back to sign-in). */
  onUnauthorized?: () => void;
  /** The fetch to send with (the tests' checks every answer against the OpenAPI document); the global one by default. */
  fetch?: typeof fetch;
}

export const BETA_HEADERS = { "anthropic-beta": "agent-memory-2026-07-22" } as const;

let consoleWorkspace: string | null = null;

/**
 * The workspace the console's requests act in: the one its URL names (components/shell/
 * current-workspace.tsx sets it as the URL changes). One per browser tab, as the URL is; the
 * React Query cache is one per workspace too (providers.tsx), so an answer is only ever cached
 * under the workspace it was asked in.
 */
export function setConsoleWorkspace(workspaceId: string | null) {
  consoleWorkspace = workspaceId;
}

/** The console in the browser: same origin, the session cookie, its workspace, and a 401 sends the person back to sign-in. */
export const CONSOLE_TRANSPORT: Transport = {
  baseUrl: "",
  get headers() {
    return consoleWorkspace ? { ...BETA_HEADERS, [WORKSPACE_HEADER]: consoleWorkspace } : BETA_HEADERS;
  },
  credentials: "same-origin",
  onUnauthorized: () => {
    if (typeof window === "undefined") return;
    // The session ended (expired, signed out elsewhere, account disabled): back to sign-in, as a full load that
    // drops every cached query of the old session (and this module has no router to push with).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  },
};

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Sends the request and answers the Response as it came (a download, a stream); `request` is `send` plus JSON. */
export function send(transport: Transport, path: string, request: ApiRequest = {}): Promise<Response> {
  const url = apiUrl(path, request.query);
  const contentType = request.upload?.contentType ?? (request.body !== undefined ? "application/json" : undefined);
  return (transport.fetch ?? fetch)(transport.baseUrl ? new URL(url, transport.baseUrl).toString() : url, {
    method: request.method ?? "GET",
    headers: { ...transport.headers, ...(contentType && { "content-type": contentType }) },
    body: request.upload?.body ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
    credentials: transport.credentials,
    signal: request.signal,
  });
}

/** The answer's JSON, or an ApiError from its envelope. */
export async function jsonOf<T>(response: Response, transport: Transport): Promise<T> {
  const text = await response.text();
  const json = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (json as { error?: { type?: string; message?: string; conflicting_path?: string; conflicting_memory_id?: string } } | null)?.error;
    if (response.status === 401) transport.onUnauthorized?.();
    throw new ApiError(response.status, error?.type ?? "api_error", error?.message ?? `Request failed with status ${response.status}.`, {
      conflicting_path: error?.conflicting_path,
      conflicting_memory_id: error?.conflicting_memory_id,
    });
  }
  return json as T;
}

/** The console's untyped call by path, for endpoints outside the operation table (/api/setup, /v1/openapi.json). */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return jsonOf<T>(await send(CONSOLE_TRANSPORT, path, request), CONSOLE_TRANSPORT);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
