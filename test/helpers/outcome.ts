import { APIError } from "@anthropic-ai/sdk";

/** What one API call ended with: the value, or the HTTP status and Anthropic error type. */
export type Outcome<T> = { ok: true; status: 200; value: T } | { ok: false; status: number | undefined; type: string | null; body: unknown; error: unknown };

export async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, status: 200, value: await call };
  } catch (error) {
    if (error instanceof APIError) {
      const body = error.error as { error?: { type?: string } } | undefined;
      return { ok: false, status: error.status, type: body?.error?.type ?? error.type ?? null, body, error };
    }
    return { ok: false, status: undefined, type: null, body: undefined, error };
  }
}

/** Counts outcomes by "200" or "<status> <error type>", for assertions that read like the spec. */
export function tally(outcomes: Outcome<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.ok ? "200" : `${o.status ?? "no response"} ${o.type ?? String((o.error as Error)?.message ?? o.error)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
