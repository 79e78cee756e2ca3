import Anthropic from "@anthropic-ai/sdk";
import { mkdir, realpath } from "node:fs/promises";
import type { MirrorOptions } from "./options.ts";
import { loadState } from "./state.ts";
import type { SyncContext } from "./sync-actions.ts";
import { syncOnce } from "./sync-pass.ts";

/** The sync context of a folder and a store, with the state file loaded (or started). */
export async function openMirror(
  options: Pick<MirrorOptions, "storeId" | "dir" | "baseURL" | "apiKey" | "workspaceId" | "readOnly">,
  log: (line: string) => void = console.log,
): Promise<SyncContext> {
  await mkdir(options.dir, { recursive: true });
  // The folder itself may be a link the user chose; below it, the mirror never follows one.
  const dir = await realpath(options.dir);
  const warned = new Set<string>();
  return {
    client: new Anthropic({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      maxRetries: 1,
      timeout: 30_000,
      ...(options.workspaceId && { defaultHeaders: { "anthropic-workspace-id": options.workspaceId } }),
    }),
    storeId: options.storeId,
    dir,
    readOnly: options.readOnly,
    state: await loadState(dir, options.storeId),
    log,
    warn(key, line) {
      if (warned.has(key)) return;
      warned.add(key);
      log(line);
    },
  };
}

/** At exit, passes until nothing is left to merge (bounded: the store may keep changing). */
const EXIT_PASSES = 3;

/**
 * Syncs now, then every `intervalMs`, until SIGINT or SIGTERM; then pushes once more and
 * returns the exit code. A second signal exits at once. An unreachable server is retried at
 * the next interval; local edits wait in the folder meanwhile.
 */
export async function runMirror(options: MirrorOptions, log: (line: string) => void = console.log): Promise<number> {
  const ctx = await openMirror(options, log);
  let stopping = false;
  let wake = () => {};
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    log(`${signal}: ${options.readOnly ? "stopping" : "pushing local edits, then exiting"}`);
    wake();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const pass = async (): Promise<{ ok: boolean; deferred: number }> => {
    try {
      const tally = await syncOnce(ctx);
      return { ok: true, deferred: tally.deferred };
    } catch (error) {
      log(`sync failed (${(error as Error).message}); trying again in ${options.intervalMs / 1000} s`);
      return { ok: false, deferred: 0 };
    }
  };

  try {
    log(`mirroring ${options.storeId} at ${options.baseURL} into ${options.dir}${options.readOnly ? " (read-only)" : ""}`);
    for (;;) {
      const result = await pass();
      if (options.once) return result.ok ? 0 : 1;
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopping) break;
    }
    if (options.readOnly) return 0;
    for (let i = 0; i < EXIT_PASSES; i++) {
      const result = await pass();
      if (!result.ok) {
        log("could not push at exit; local edits stay in the folder and go up on the next run");
        return 1;
      }
      if (result.deferred === 0) break;
    }
    log("stopped");
    return 0;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
