// /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AUTH_BODY_LIMIT, checkCredentialFields, credentialFields } from "@/lib/auth/credential-limits.ts";
import { readBodyText } from "@/lib/http/body.ts";
import { authOptions } from "@/lib/auth/next-auth-options.ts";
import { errorResponse, newRequestId } from "@/lib/http/errors.ts";

type Context = { params: Promise<{ nextauth: string[] }> };

/** A POST's body is read under a size cap and its fields checked before next-auth (and scrypt) sees them. */
async function capped(request: NextRequest): Promise<NextRequest> {
  if (request.method !== "POST") return request;
  const text = await readBodyText(request, AUTH_BODY_LIMIT);
  checkCredentialFields(credentialFields(text, request.headers.get("content-type")));
  return new NextRequest(request.url, { method: "POST", headers: request.headers, body: text });
}

/** Anything that fails outside next-auth's own handling answers the envelope, its detail only in the log. */
async function handler(request: NextRequest, context: Context) {
  try {
    return await NextAuth(await capped(request), context, await authOptions());
  } catch (error) {
    return errorResponse(error, newRequestId());
  }
}

export { handler as GET, handler as POST };
