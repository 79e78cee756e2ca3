import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/**
 * Every JSON answer an API test receives from /v1 is checked against the server's own OpenAPI
 * document (GET /v1/openapi.json): the schema of that path, method and status, or the error
 * envelope for any other status. What does not match is collected and fails the test file when
 * its server stops (test/helpers/server.ts), so the document cannot drift from the code.
 */
type Json = Record<string, unknown>;
interface Route {
  method: string;
  pattern: RegExp;
  statics: number;
  responses: Record<string, Json>;
}

/** Responses on these paths are not JSON API answers. */
const UNCHECKED = new Set(["/v1/openapi.json"]);

/**
 * A document's routes and compiled validators. Compiling every response schema of the document
 * takes about 2 s of CPU, and every test file's servers serve the same document: one set per
 * document text, kept for the worker process (vitest runs files with isolate: false), spares each
 * file compiling again what an earlier file compiled.
 */
class CompiledDocument {
  readonly routes: Route[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<Json, ValidateFunction>();

  constructor(readonly document: Json) {
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      const source = path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+");
      for (const [method, operation] of Object.entries(item)) {
        this.routes.push({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${source}$`),
          statics: path.split("/").filter((s) => s && !s.startsWith("{")).length,
          responses: operation.responses as Record<string, Json>,
        });
      }
    }
    this.routes.sort((a, b) => b.statics - a.statics);
  }

  validator(schema: Json): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

/** The answer to a path the document does not name: the error envelope (one object, so its validator is compiled once). */
const ERROR_RESPONSE: Json = { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };

const compiledDocuments = new Map<string, CompiledDocument>();

function compiledDocument(document: Json): CompiledDocument {
  const key = JSON.stringify(document);
  let compiled = compiledDocuments.get(key);
  if (!compiled) {
    compiled = new CompiledDocument(document);
    compiledDocuments.set(key, compiled);
  }
  return compiled;
}

export class ResponseChecker {
  readonly violations: string[] = [];
  private readonly compiled: CompiledDocument;
  private readonly routes: Route[];

  constructor(document: Json) {
    this.compiled = compiledDocument(document);
    this.routes = this.compiled.routes;
  }

  private schemaFor(route: Route | undefined, status: number): Json | null {
    const response = route?.responses[String(status)] ?? (status >= 400 || !route ? (route?.responses.default ?? ERROR_RESPONSE) : undefined);
    if (!response) return null;
    return ((response.content as Record<string, { schema: Json }> | undefined)?.["application/json"]?.schema ?? null) as Json | null;
  }

  private validator(schema: Json): ValidateFunction {
    return this.compiled.validator(schema);
  }

  /** Checks one answer; returns the problem, or null. */
  check(method: string, url: string, status: number, body: unknown): string | null {
    const path = new URL(url).pathname;
    if (!path.startsWith("/v1/") || UNCHECKED.has(path)) return null;
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route && status < 400) return `${method} ${path} answered ${status} but the OpenAPI document has no such operation`;
    const schema = this.schemaFor(route, status);
    if (!schema) return `${method} ${path} answered ${status}, a status the OpenAPI document does not describe`;
    const validate = this.validator(schema);
    if (validate(body)) return null;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}`);
    return `${method} ${path} ${status} does not match the OpenAPI document: ${errors.join("; ")}`;
  }

  /** fetch, with every JSON answer from /v1 checked (and a violation recorded). */
  wrap(inner: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const response = await inner(input, init);
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      const url = input instanceof Request ? input.url : String(input);
      if (method === "HEAD" || !/^application\/json/.test(response.headers.get("content-type") ?? "")) return response;
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        this.violations.push(`${method} ${url} ${response.status}: the body is not JSON although its content-type says so`);
        return response;
      }
      const problem = this.check(method, url, response.status, body);
      if (problem) this.violations.push(problem);
      return response;
    };
  }
}

export async function responseChecker(baseURL: string): Promise<ResponseChecker> {
  const response = await fetch(`${baseURL}/v1/openapi.json`);
  if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  return new ResponseChecker((await response.json()) as Json);
}
