// GET /api/bench/floor – the benchmark's framework floor: this app's cheapest route, a constant JSON body
// POST /api/bench/floor – the same after reading the request body (the floor of a create or update)
import { config } from "@/lib/config.ts";

// Read the flag per request: a build-time render would freeze the answer.
export const dynamic = "force-dynamic";

/**
 * What any route of this Next.js app costs before it does work of its own: `npm run bench`
 * measures it next to the API to tell framework time from memory-store time. 404 unless the
 * server runs with MEMORY_CONSOLE_BENCH=1.
 */
function floor(): Response | null {
  if (config().MEMORY_CONSOLE_BENCH === "1") return null;
  return Response.json({ type: "error", error: { type: "not_found_error", message: "Not found." } }, { status: 404 });
}

export function GET(): Response {
  return floor() ?? Response.json({ ok: true });
}

export async function POST(request: Request): Promise<Response> {
  const refused = floor();
  if (refused) return refused;
  await request.text();
  return Response.json({ ok: true });
}
