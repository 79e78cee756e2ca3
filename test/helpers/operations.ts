import { expect } from "vitest";
import type { ApiClient } from "../../lib/api-client/client.ts";
import type { CallRest, OperationName, ParamsOf, QueryOf, ResponseOf } from "../../lib/api-client/operation-types.ts";
import type { Query } from "../../lib/api-client/request.ts";

/**
 * Sends an operation, by name and with typed path params, but with a query or body its schema
 * would refuse: a test of the refusal itself (a missing field, a wrong type, an unknown enum
 * value). Answers the Response, whatever its status, as `api.send` does. A test of raw HTTP (a
 * malformed body, odd headers, a path that is no operation) uses `server.fetch` instead.
 */
export function sendUnchecked<N extends OperationName>(
  api: ApiClient,
  name: N,
  args: { params?: ParamsOf<N>; query?: Query; body?: unknown; upload?: { body: BodyInit; contentType: string } } = {},
): Promise<Response> {
  return api.send(name, ...([args] as unknown as CallRest<N>));
}

/**
 * Calls the operation and expects exactly 200 (as a test's `expect(res.status).toBe(200)` did
 * before it read the JSON); answers the JSON, typed from the operation's response schema.
 */
export async function callOk<N extends OperationName>(api: ApiClient, name: N, ...args: CallRest<N>): Promise<ResponseOf<N>> {
  const response = await api.send(name, ...args);
  const text = await response.text();
  expect(response.status, `${name} answered ${response.status}: ${text}`).toBe(200);
  return JSON.parse(text) as ResponseOf<N>;
}

const IMPORT_TYPES = { zip: "application/zip", "tar.gz": "application/gzip", jsonl: "application/x-ndjson" } as const;

/** POST /v1/imports with the file as the body (the operation's `upload`), typed for its format; answers the Response. */
export function sendImport(api: ApiClient, query: QueryOf<"importUpload"> & { format: keyof typeof IMPORT_TYPES }, body: BodyInit): Promise<Response> {
  return api.send("importUpload", { query, upload: { body, contentType: IMPORT_TYPES[query.format] } });
}

/** An answer as the suites read it: the status, the JSON body and the Response (for expectEnvelope and headers). */
export interface Answer {
  status: number;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  response: Response;
}
export async function answerOf(sent: Promise<Response>): Promise<Answer> {
  const response = await sent;
  return { status: response.status, body: (await response.clone().json()) as Answer["body"], response };
}
