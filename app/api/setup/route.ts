// POST /api/setup – first run only: create the first admin while no account exists
import { z } from "zod";
import { AUTH_BODY_LIMIT } from "@/lib/auth/credential-limits.ts";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/passwords.ts";
import { createFirstAdmin, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "@/lib/auth/users.ts";
import { getDb } from "@/lib/db/instance.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { readJsonBody } from "@/lib/http/body.ts";
import { errorResponse, newRequestId } from "@/lib/http/errors.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { assertSameOrigin } from "@/lib/http/session.ts";

const setupBody = z.strictObject({
  email: z.string().max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters long`),
  password: z.string().max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters long`),
  name: z.string().max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters long`).optional(),
});

/**
 * Unauthenticated, so it is strict about where the request comes from: JSON only (an HTML
 * form on another site cannot send that) and an Origin of this app.
 */
export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
      throw invalidRequest("Content-Type must be application/json.");
    }
    assertSameOrigin(request, "Cross-site request refused: setup may only be done from the console's own setup page.");
    const db = await getDb();
    const input = parseWire(setupBody, await readJsonBody(request, AUTH_BODY_LIMIT), "body");
    return Response.json(userWire(await createFirstAdmin(db, input)), { headers: { "request-id": requestId } });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
