// POST /api/setup – first run only: create the first admin while no account exists
import { z } from "zod";
import { createFirstAdmin } from "@/lib/auth/users.ts";
import { getDb } from "@/lib/db/instance.ts";
import { userWire } from "@/lib/http/admin-wire.ts";
import { readJsonBody } from "@/lib/http/body.ts";
import { errorResponse, newRequestId } from "@/lib/http/errors.ts";
import { parseWire } from "@/lib/http/schemas.ts";

const setupBody = z.strictObject({ email: z.string(), password: z.string(), name: z.string().optional() });

export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    const db = await getDb();
    const input = parseWire(setupBody, await readJsonBody(request, 64 * 1024), "body");
    return Response.json(userWire(await createFirstAdmin(db, input)), { headers: { "request-id": requestId } });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
