import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { config } from "../config.ts";

/**
 * This instance's Prometheus metrics (GET /metrics). Labels are bounded sets (route templates,
 * methods, statuses, command names), never a memory path, an id or anything a client typed.
 * Kept on globalThis so that every bundle of the app counts into one registry.
 */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: "memory_console_http_request_duration_seconds",
      help: "HTTP requests by route template, method and status, and how long they took.",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
      registers,
    }),
    dbTransactions: new Histogram({
      name: "memory_console_db_transaction_duration_seconds",
      help: "Database transactions, from asking for one to commit or rollback (waiting to start included).",
      labelNames: ["outcome"] as const,
      buckets: SECONDS,
      registers,
    }),
    storeLockWait: new Histogram({
      name: "memory_console_store_lock_wait_seconds",
      help: "Time a write waited for its store's lock (the first statement of every write to a store).",
      buckets: SECONDS,
      registers,
    }),
    memoryToolCommands: new Counter({
      name: "memory_console_memory_tool_commands_total",
      help: "Memory-tool commands run, by command and whether the result was an error.",
      labelNames: ["command", "is_error"] as const,
      registers,
    }),
    signInFailures: new Counter({
      name: "memory_console_sign_in_failures_total",
      help: "Console sign-ins refused: wrong_credentials or locked_out (too many attempts).",
      labelNames: ["reason"] as const,
      registers,
    }),
    retentionRuns: new Counter({
      name: "memory_console_retention_runs_total",
      help: "Periodic retention runs of this instance, by outcome.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    webhookAttempts: new Counter({
      name: "memory_console_webhook_attempts_total",
      help: "Webhook delivery attempts made by this instance: delivered, retry (failed, tried again later) or failed (gave up).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    mcpToolCalls: new Histogram({
      name: "memory_console_mcp_tool_call_duration_seconds",
      help: "MCP tool calls on /mcp/{store}, by tool and whether the result was an error, and how long they took.",
      labelNames: ["tool", "is_error"] as const,
      buckets: SECONDS,
      registers,
    }),
    writePolicyEvents: new Counter({
      name: "memory_console_write_policy_events_total",
      help: "Writes refused by a store's write policy, and findings that held a write for review, by rule (a policy field or detector class).",
      labelNames: ["rule", "outcome"] as const,
      registers,
    }),
    retentionPrunedVersions: new Counter({
      name: "memory_console_retention_pruned_versions_total",
      help: "Versions deleted by this instance's retention runs.",
      registers,
    }),
    readsPending: new Gauge({
      name: "memory_console_reads_pending",
      help: "Read records buffered in this instance and not yet written (lib/memory/reads): a crash loses them; a flush writes them within about a second.",
      registers,
    }),
    readsDropped: new Gauge({
      name: "memory_console_reads_dropped",
      help: "Reads this instance dropped since it started because its buffer was full (the database unreachable for long): never recorded.",
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("memory-console.metrics");
const holder = globalThis as { [KEY]?: Metrics };

export function metrics(): Metrics {
  return (holder[KEY] ??= createMetrics());
}

/** Whether /metrics is served (METRICS_TOKEN set); when not, requests and transactions are not measured at all. */
export function metricsOn(): boolean {
  return config().METRICS_TOKEN !== undefined;
}

const MEMORY_TOOL_COMMANDS = new Set(["view", "create", "str_replace", "insert", "delete", "rename"]);

/** The command name is the model's input: anything but a known command is counted as `invalid`. */
export function countMemoryToolCommand(command: unknown, isError: boolean) {
  const name = typeof command === "string" && MEMORY_TOOL_COMMANDS.has(command) ? command : "invalid";
  metrics().memoryToolCommands.inc({ command: name, is_error: String(isError) });
}

/** One MCP tool call (the tool is one of this server's own names, a bounded set). */
export function observeMcpToolCall(tool: string, isError: boolean, seconds: number) {
  if (metricsOn()) metrics().mcpToolCalls.observe({ tool, is_error: String(isError) }, seconds);
}
