import type { IncomingMessage, ServerResponse } from "node:http";
import { newRequestId } from "./errors.ts";

/** True if some segment of the path is not valid percent-encoded UTF-8 (`%zz`, a lone `%`, `%C0%AE`). */
export function hasUndecodableSegment(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

/**
 * Next.js 16 fails on such a path before any route runs and answers a plain-text 500
 * (vercel/next.js#94278). An API path that cannot be decoded names nothing, so it is answered
 * here, before Next sees it, with a 400 in the API's envelope. Returns true if it answered.
 */
export function answerUndecodableApiPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "";
  if (!url.startsWith("/v1/") || !url.includes("%")) return false;
  const pathname = url.split("?")[0]!;
  if (!hasUndecodableSegment(pathname)) return false;
  const requestId = newRequestId();
  const body = JSON.stringify({
    type: "error",
    error: { type: "invalid_request_error", message: "The URL path is not valid percent-encoded UTF-8." },
    request_id: requestId,
  });
  res.writeHead(400, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "request-id": requestId,
    "x-should-retry": "false",
    "x-content-type-options": "nosniff",
  });
  res.end(body);
  return true;
}
