import { resolve } from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "./auth/trusted-proxies.ts";
import { parseSigningKey } from "./memory/integrity/signing.ts";

/**
 * Every environment variable the server reads, validated once; no other file of the server
 * reads process.env (test/unit/config.test.ts checks that, and that README's configuration
 * table lists exactly these). Unset means the default that makes a fresh clone work with
 * nothing configured. Left to the framework: NEXT_RUNTIME (instrumentation.ts) and NODE_ENV
 * (next.config.mjs), which Next.js sets itself; scripts may read their own command-line env.
 */
const httpUrl = (name: string) =>
  z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), `${name} must be an http:// or https:// URL`);

/** Addresses and CIDR ranges, comma-separated; a malformed entry is refused with its own message. */
const networkList = () =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .transform(parseTrustedProxies);

/** Comma-separated http(s) origins, each kept as its normalised `scheme://host[:port]`. */
const originList = () =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const [i, entry] of splitList(value).entries()) {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
          ctx.addIssue({ code: "custom", message: `entry ${i + 1} is not an http(s) origin (scheme://host[:port], no path)` });
        }
      }
    })
    .transform((value) => splitList(value).map((entry) => new URL(entry).origin));

const splitList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const variables = z.object({
  /** Read by `next start` itself, not by this code; declared so that it is documented and checked with the rest. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z.string().optional(),
  /** A bootstrap admin key; short secrets are guessable, hence the minimum. */
  MEMORY_CONSOLE_API_KEY: z.string().min(16, "MEMORY_CONSOLE_API_KEY must be at least 16 characters").optional(),
  /** Both or neither: they create the first admin at start (ignored once any account exists). */
  MEMORY_CONSOLE_ADMIN_EMAIL: z.string().optional(),
  MEMORY_CONSOLE_ADMIN_PASSWORD: z.string().optional(),
  /** Signs console sessions; unset (both) means one generated at first start and kept in the database. */
  AUTH_SECRET: z.string().optional(),
  /** next-auth's older name for AUTH_SECRET; AUTH_SECRET wins when both are set. */
  NEXTAUTH_SECRET: z.string().optional(),
  /** The console's public URL; unset means the origin is taken from the request's (forwarded) host. */
  NEXTAUTH_URL: httpUrl("NEXTAUTH_URL").optional(),
  VERSION_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** Ed25519 private key (PEM, or base64 PKCS#8 DER) signing retention checkpoints and exported chain heads; unset: unsigned. */
  INTEGRITY_SIGNING_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        parseSigningKey(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `INTEGRITY_SIGNING_KEY is not an Ed25519 private key: ${(error as Error).message}` });
      }
    }),
  /** How often each instance prunes old versions; 0 turns the periodic task off. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * log2 of scrypt's N for new password hashes. 17 is OWASP's recommendation; tests lower it to
   * sign in quickly. Below 14 a stolen hash is too cheap to guess, so it is refused.
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(14, "PASSWORD_HASH_COST must be at least 14 (scrypt N = 2^14)")
    .max(20, "PASSWORD_HASH_COST must be at most 20 (scrypt N = 2^20, 1 GiB per hash)")
    .default(17),
  /**
   * PostgreSQL: `on` names the frequent statements so that each connection parses them once
   * (lib/db/prepared-statements.ts); `off` behind a pooler that moves a session's statements
   * between server connections (PgBouncer in transaction mode before 1.21), and for the benchmark.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  /** NORMAL: WAL commits survive a process crash, the last ones may be lost on power loss. FULL: they survive both. */
  SQLITE_SYNCHRONOUS: z.enum(["NORMAL", "FULL"]).default("NORMAL"),
  MAX_REQUEST_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /**
   * `off` writes versions without history chain fields, for the benchmark's guarded_write_cost
   * only (what chaining costs): `npm run verify` reports such versions as breaks. Never in production.
   */
  HISTORY_CHAIN: z.enum(["on", "off"]).default("on"),
  /**
   * `off` records no reads, for the benchmark's read_tracking_cost only (what recording reads
   * costs): version readers, exposed sessions and last_read_at learn nothing, so the unread sweep
   * does not run (it would take every memory for unread). Never in production.
   */
  READ_TRACKING: z.enum(["on", "off"]).default("on"),
  /** 1 turns on the benchmark's reference route (/api/bench/floor); never needed in production. */
  MEMORY_CONSOLE_BENCH: z.enum(["0", "1"]).default("0"),
  /** Request and server logs at this level and above; `silent` turns them off. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `json`: one JSON object a line (production); `pretty`: short readable lines (`npm run dev` sets it). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Bearer token for GET /metrics; unset turns /metrics off (404). Long, as it guards what the server is doing. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /**
   * How long an idle keep-alive connection stays open. Longer than the idle timeout of the proxy
   * in front (60 s on common load balancers), so that the proxy, not this server, closes it: else
   * a request the proxy sends just as the server closes the connection fails with a 502.
   */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(65),
  /** On SIGTERM: seconds /readyz answers 503 while requests are still served, so a load balancer can stop sending them. */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  /** On SIGTERM: seconds in-flight requests get to finish after the server stops accepting; then their connections are closed. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(25),
  /**
   * Reverse proxies (addresses and CIDR ranges, comma-separated) whose forwarded headers
   * (X-Forwarded-For, -Host, -Proto) are believed, by every reader (lib/auth/forwarded.ts);
   * unset means none is: the socket address, the request's own Host.
   */
  TRUSTED_PROXIES: networkList(),
  /**
   * Special-purpose networks (private, loopback, link-local, NAT64…: addresses and CIDR ranges,
   * comma-separated) that webhook endpoints may point at anyway; unset refuses them all (SSRF,
   * lib/webhooks/url-safety.ts).
   */
  WEBHOOK_ALLOWED_NETWORKS: networkList(),
  /**
   * API answers shorter than this go out uncompressed (`Cache-Control: no-transform`, which
   * Next.js's gzip honours): for a few kilobytes, gzip costs more time than it saves on a fast
   * network (bench/compression.ts). Longer answers, pages and static bundles are gzipped. 0: all.
   */
  COMPRESS_MIN_BYTES: z.coerce.number().int().min(0).default(16_384),
  /**
   * Origins (comma-separated `scheme://host[:port]`) besides NEXTAUTH_URL's and loopback that may
   * reach /mcp/{store}: a request whose Origin, or whose Host, is none of them is refused with 403
   * (DNS rebinding protection, lib/mcp/origin-check.ts).
   */
  MCP_ALLOWED_ORIGINS: originList(),
  /** How often each instance looks for due webhook deliveries; 0 turns its delivery worker off. */
  WEBHOOK_POLL_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /** How long a webhook endpoint gets to answer one delivery. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  /** Attempts per delivery (the first included) before it is marked failed. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The first retry's delay; each further one is 4 times longer (±20 % jitter), at most WEBHOOK_RETRY_MAX_SECONDS. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  WEBHOOK_RETRY_MAX_SECONDS: z.coerce.number().positive().default(21_600),
  /** The organisation's name (`GET /v1/organizations/me`): one organisation per install. */
  ORGANIZATION_NAME: z.string().trim().min(1).max(200).default("Memory Console"),
  /** How long an invite's acceptance link stays valid (the organisation API's invites). */
  INVITE_EXPIRY_DAYS: z.coerce.number().positive().max(365).default(7),
});

const schema = variables.superRefine((env, ctx) => {
  // One without the other would be silently ignored, and the admin never created.
  if (!env.MEMORY_CONSOLE_ADMIN_EMAIL !== !env.MEMORY_CONSOLE_ADMIN_PASSWORD) {
    ctx.addIssue({
      code: "custom",
      path: ["MEMORY_CONSOLE_ADMIN_EMAIL"],
      message: "set MEMORY_CONSOLE_ADMIN_EMAIL and MEMORY_CONSOLE_ADMIN_PASSWORD together",
    });
  }
});

/** The names of every variable above, for the README check. */
export const CONFIG_VARIABLES = Object.keys(variables.shape) as readonly (keyof typeof variables.shape)[];

export type Config = z.infer<typeof schema> & { database: DatabaseTarget };

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

export const DEFAULT_SQLITE_FILE = "data/memory-console.db";

export function databaseTarget(url: string | undefined): DatabaseTarget {
  if (!url) return { engine: "sqlite", file: resolve(DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: "postgres", url };
  if (url.startsWith("file:")) return { engine: "sqlite", file: resolve(url.slice("file:".length)) };
  throw new Error(`DATABASE_URL must be postgresql://… or file:… (got "${url.split(":")[0]}:…")`);
}

/** Validates an environment; the messages name variables and rules, never values (some are secrets). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return { ...parsed.data, database: databaseTarget(parsed.data.DATABASE_URL) };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * next-auth (v4) reads its settings from process.env itself. Without NEXTAUTH_URL it only
 * takes the origin from the request's Host / X-Forwarded-* headers when AUTH_TRUST_HOST is
 * set, so it is set here, from the validated configuration, before next-auth first runs.
 */
export function configureNextAuth() {
  if (!config().NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
}
