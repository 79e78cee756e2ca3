import { invalidRequest, MemoryError } from "../memory/errors.ts";

function tooLarge(limit: number) {
  return new MemoryError("request_too_large", `Request body is larger than the server accepts (${limit} bytes).`);
}

/**
 * Reads a JSON object body of at most `limit` bytes, counting while it streams so that an
 * oversize body is refused without being held in memory. An empty body reads as `{}` (the
 * SDK sends none for archive and redact).
 */
export async function readJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidRequest(`Request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalidRequest("Request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}
