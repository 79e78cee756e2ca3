// /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth-options.ts";

async function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(request, context, await authOptions());
}

export { handler as GET, handler as POST };
