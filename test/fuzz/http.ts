// Raw HTTP for the fuzz: the request path goes out byte for byte (fetch and URL would resolve
// `..` and re-encode), and every answer is held to the properties every endpoint shares.
import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";

/** No request, however hostile, may keep the server busy longer than this. */
export const RESPONSE_BOUND_MS = 10_000;

export interface FuzzRequest {
  method: string;
  /** Sent exactly as given: percent-encode with `pathSafe` what HTTP cannot carry raw. */
  path: string;
  /** The raw body, text or bytes (an uploaded archive); undefined sends none. */
  body?: string | Uint8Array;
  /** Merged over the admin key and the memory beta header (and content type), unless `bare`. */
  headers?: Record<string, string>;
  /** Send `headers` alone: no admin key, beta header or content type added. */
  bare?: boolean;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

/**
 * Percent-encodes what an HTTP request line cannot hold (non-ASCII, controls, space, `#`) as
 * UTF-8, and leaves everything else alone: `%2e`, `%zz`, `..`, `\` and `?` reach the server as
 * written. A lone surrogate goes out as the bytes of U+FFFD, as any client would send it.
 */
export function pathSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code > 0x20 && code < 0x7f && ch !== "#" ? ch : encodeURIComponent(ch.isWellFormed() ? ch : "\ufffd");
  }
  return out;
}

/** A query or path value percent-encoded in full, as a careful client would send it. */
export const encoded = (text: string) => encodeURIComponent(text.isWellFormed() ? text : text.toWellFormed());

export function send(server: TestServer, req: FuzzRequest): Promise<FuzzResponse> {
  const started = Date.now();
  const defaults = req.bare
    ? {}
    : { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22", ...(req.body !== undefined && { "content-type": "application/json" }) };
  const headers: Record<string, string> = {
    ...defaults,
    // An explicit length: node sends a DELETE or GET body without one, which the server would read as the next request.
    ...(req.body !== undefined && { "content-length": String(Buffer.byteLength(req.body)) }),
    ...req.headers,
  };
  return new Promise((resolve, reject) => {
    const url = new URL(server.baseURL);
    const call = httpRequest({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, timeout: RESPONSE_BOUND_MS }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms: Date.now() - started }));
      res.on("error", reject);
    });
    call.on("timeout", () => call.destroy(new Error(`no answer within ${RESPONSE_BOUND_MS} ms to ${req.method} ${req.path}`)));
    call.on("error", reject);
    if (req.body !== undefined) call.write(req.body);
    call.end();
  });
}

/** A request body for a failure message: the start of a text, the size of bytes. */
export const shownBody = (body: FuzzRequest["body"]) =>
  body === undefined ? "" : typeof body === "string" ? JSON.stringify(body.slice(0, 300)) : `<${body.byteLength} bytes>`;

const describe = (req: FuzzRequest, res: FuzzResponse) =>
  `${req.method} ${req.path}${req.body !== undefined ? ` body ${shownBody(req.body)}` : ""} → ${res.status} ${res.text.slice(0, 500)}`;

/** Parses a JSON answer, failing with the whole exchange when it is not JSON. */
export function jsonOf(req: FuzzRequest, res: FuzzResponse): Record<string, unknown> {
  try {
    return JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    throw new Error(`answer is not JSON: ${describe(req, res)}`);
  }
}

/** A path with nothing for URL normalisation to change: no `.`/`..` segment (plain or `%2e`), no `//`, no `\`, no trailing `/`. */
function isNormalPath(pathname: string): boolean {
  if (pathname.length > 1 && pathname.endsWith("/")) return false;
  return !pathname.includes("\\") && !pathname.includes("//") && !pathname.split("/").some((s) => /^(\.|%2e){1,2}$/i.test(s));
}

/**
 * Next.js answers a path that is not in normal form (`.` or `..` segments, `//`, `\`, a trailing `/`) with a
 * 308 to a normal form before any route runs, as a browser would have resolved it. Accepted:
 * a 308, only for such a path, to a same-origin path in normal form.
 */
function expectNormalisingRedirect(req: FuzzRequest, res: FuzzResponse, exchange: string) {
  const requested = req.path.split("?")[0]!;
  const location = String(res.headers.location).split("?")[0]!;
  expect(res.status, `redirect: ${exchange}`).toBe(308);
  expect(isNormalPath(requested), `redirect of a path already in normal form: ${exchange}`).toBe(false);
  // Next.js may need a second redirect to drop a trailing `/`.
  expect(location.startsWith("/") && isNormalPath(location.replace(/(.)\/$/, "$1")), `redirect to ${location}: ${exchange}`).toBe(true);
}

/**
 * What every /v1 answer must be: within the time bound, never a 5xx, and every non-2xx the
 * Anthropic error envelope `{type:"error", error:{type, message}, request_id}` whose request id
 * is also the `request-id` header. Returns the parsed body.
 */
export function expectWellFormedAnswer(req: FuzzRequest, res: FuzzResponse): Record<string, unknown> {
  const exchange = describe(req, res);
  expect(res.ms, `slow answer: ${exchange}`).toBeLessThan(RESPONSE_BOUND_MS);
  expect(res.status, `server error: ${exchange}`).toBeLessThan(500);
  if (res.status >= 300 && res.status < 400) {
    expectNormalisingRedirect(req, res, exchange);
    return {};
  }
  const body = jsonOf(req, res);
  if (res.status >= 200 && res.status < 300) return body;
  expect(Object.keys(body).sort(), `not the error envelope: ${exchange}`).toEqual(["error", "request_id", "type"]);
  const error = body.error as Record<string, unknown>;
  expect(body.type, exchange).toBe("error");
  expect(typeof error?.type === "string" && error.type.length > 0, `error.type missing: ${exchange}`).toBe(true);
  expect(typeof error.message === "string" && error.message.length > 0, `error.message missing: ${exchange}`).toBe(true);
  expect(body.request_id, exchange).toMatch(/^req_[0-9A-Za-z]+$/);
  expect(res.headers["request-id"], exchange).toBe(body.request_id);
  return body;
}

/** Sends a request and checks the shared properties; returns the response and its JSON. */
export async function exchange(server: TestServer, req: FuzzRequest) {
  const res = await send(server, req);
  return { res, body: expectWellFormedAnswer(req, res), ok: res.status >= 200 && res.status < 300, redirected: res.status >= 300 && res.status < 400 };
}
