// Any other /v1 path: the API's 404 envelope instead of the console's HTML page.
import { errorResponse, newRequestId } from "@/lib/http/errors.ts";
import { notFound } from "@/lib/memory/errors.ts";

function unknownRoute(request: Request) {
  const { pathname } = new URL(request.url);
  return errorResponse(notFound(`No API endpoint at ${request.method} ${pathname}.`), newRequestId());
}

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
