import { NextResponse, type NextRequest } from "next/server";

/**
 * Hands the requested console path to the server layout (layouts do not receive it), so a
 * visitor who is not signed in comes back to the same page after signing in. The API, auth
 * endpoints and static assets are not matched and pay nothing for this.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-console-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/((?!api/|v1/|_next/|favicon.ico).*)"] };
