import { resolve } from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "./auth/trusted-proxies.ts";

/**
 * Every environment variable the server reads, validated once. Unset means the default that
 * makes a fresh clone work with nothing configured.
 */
const schema = z.object({
  DATABASE_URL: z.string().optional(),
  MEMORY_CONSOLE_API_KEY: z.string().min(16, "MEMORY_CONSOLE_API_KEY must be at least 16 characters").optional(),
  VERSION_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** How often each instance prunes old versions; 0 turns the periodic task off. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /** NORMAL: WAL commits survive a process crash, the last ones may be lost on power loss. FULL: they survive both. */
  SQLITE_SYNCHRONOUS: z.enum(["NORMAL", "FULL"]).default("NORMAL"),
  MAX_REQUEST_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** 1 turns on the benchmark's reference route (/api/bench/floor); never needed in production. */
  MEMORY_CONSOLE_BENCH: z.enum(["0", "1"]).default("0"),
  /**
   * Reverse proxies (addresses and CIDR ranges, comma-separated) whose X-Forwarded-For is
   * believed when a sign-in's client address is worked out; unset means the socket address.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .transform(parseTrustedProxies),
});

export type Config = z.infer<typeof schema> & { database: DatabaseTarget };

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

export const DEFAULT_SQLITE_FILE = "data/memory-console.db";

export function databaseTarget(url: string | undefined): DatabaseTarget {
  if (!url) return { engine: "sqlite", file: resolve(DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: "postgres", url };
  if (url.startsWith("file:")) return { engine: "sqlite", file: resolve(url.slice("file:".length)) };
  throw new Error(`DATABASE_URL must be postgresql://… or file:… (got "${url.split(":")[0]}:…")`);
}

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    cached = { ...parsed.data, database: databaseTarget(parsed.data.DATABASE_URL) };
  }
  return cached;
}
