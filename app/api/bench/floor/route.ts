// GET /api/bench/floor – the benchmark's framework floor: this app's cheapest route, a constant JSON body
import { config } from "@/lib/config.ts";

// Read the flag per request: a build-time render would freeze the answer.
export const dynamic = "force-dynamic";

/**
 * What any route of this Next.js app costs before it does work of its own: `npm run bench`
 * measures it next to the API to tell framework time from memory-store time. 404 unless the
 * server runs with MEMORY_CONSOLE_BENCH=1.
 */
export function GET(): Response {
  if (config().MEMORY_CONSOLE_BENCH !== "1") {
    return Response.json({ type: "error", error: { type: "not_found_error", message: "Not found." } }, { status: 404 });
  }
  return Response.json({ ok: true });
}
