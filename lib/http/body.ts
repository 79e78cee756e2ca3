import { invalidRequest, MemoryError } from "../memory/errors.ts";

/**
 * How much of an oversize body is read and thrown away before answering 413. A client that is
 * still sending when the server answers and closes gets a reset instead of the answer (and the
 * SDKs then retry a "connection error"); reading the rest lets it see the 413. Past this bound
 * the connection is closed unread, so a huge upload cannot keep the server busy.
 */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function tooLarge(limit: number) {
  return new MemoryError("request_too_large", `Request body is larger than the server accepts (${limit} bytes).`);
}

/** A 413 whose body was not read to the end: the connection must be closed after the answer. */
export class UnreadBody extends MemoryError {
  constructor(limit: number) {
    super("request_too_large", tooLarge(limit).message);
  }
}

/** Reads and discards the rest of the body, up to DRAIN_LIMIT_BYTES in all; true if it ended. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<boolean> {
  let read = alreadyRead;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    read += value.byteLength;
    if (read > DRAIN_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      return false;
    }
  }
}

/**
 * The body as text, at most `limit` bytes, counted while it streams so that an oversize body
 * is never held in memory; past the limit a 413 (after draining what can be drained).
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  return (await readBodyBytes(request, limit)).toString("utf8");
}

/** The body's bytes, at most `limit` of them (an uploaded archive), read as readBodyText reads text. */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  const reader = request.body?.getReader();
  if (declared > limit) {
    if (!reader || declared > DRAIN_LIMIT_BYTES || !(await drain(reader, 0))) throw new UnreadBody(limit);
    throw tooLarge(limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw (await drain(reader, size)) ? tooLarge(limit) : new UnreadBody(limit);
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON object body of at most `limit` bytes. An empty body reads as `{}` (the SDK
 * sends none for archive and redact).
 */
export async function readJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  const text = (await readBodyText(request, limit)).trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the body around the error; the body may hold memory content, so only the position is kept.
    const at = /at position (\d+)/.exec((error as Error).message)?.[1];
    throw invalidRequest(`Request body is not valid JSON${at ? ` (at character ${at})` : ""}.`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalidRequest("Request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}
