// POST /api/invites/accept – accept an invite: create the invitee's account (no session; they sign in next)
import { z } from "zod";
import { AUTH_BODY_LIMIT } from "@/lib/auth/credential-limits.ts";
import { acceptInvite } from "@/lib/auth/invites.ts";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/passwords.ts";
import { MAX_NAME_LENGTH } from "@/lib/auth/users.ts";
import { getDb } from "@/lib/db/instance.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { readJsonBody } from "@/lib/http/body.ts";
import { errorResponse, newRequestId } from "@/lib/http/errors.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { assertSameOrigin } from "@/lib/http/session.ts";

const acceptBody = z.strictObject({
  token: z.string().max(200, "must be at most 200 characters long"),
  password: z.string().max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters long`),
  name: z.string().max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters long`).optional(),
});

/**
 * Unauthenticated (the token is the credential), so strict about where the request comes from,
 * as /api/setup: JSON only and an Origin of this app. Answers the new account's email.
 */
export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) throw invalidRequest("Content-Type must be application/json.");
    assertSameOrigin(request, "Cross-site request refused: an invite may only be accepted from the console's own page.");
    const db = await getDb();
    const input = parseWire(acceptBody, await readJsonBody(request, AUTH_BODY_LIMIT), "body");
    const { user } = await acceptInvite(db, input);
    return Response.json({ type: "invite_accepted", email: user.email }, { headers: { "request-id": requestId } });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
