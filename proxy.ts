import { NextResponse, type NextRequest } from "next/server";

/**
 * Hands the requested console path to the server layout (layouts do not receive it), so a
 * visitor who is not signed in comes back to the same page after signing in.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-console-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

// Only the console's pages (the ones the console layout guards); never /v1, /api or assets.
export const config = { matcher: ["/", "/stores/:path*", "/users/:path*", "/api-keys/:path*", "/api-reference", "/oauth/consent", "/workspaces", "/invites"] };
