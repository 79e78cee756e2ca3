import { statSync } from "node:fs";
import { Worker } from "node:worker_threads";

/**
 * SQLite: WAL checkpoints on a worker thread instead of the event loop.
 *
 * By default SQLite checkpoints inside the commit that takes the WAL past 1,000 pages, on the
 * connection that committed: with better-sqlite3 that is the event loop, and after a large
 * transaction (deleting a store of 50,000 versions) the checkpoint alone held every other
 * request for ~100 ms. The writer connection turns automatic checkpoints off
 * (`wal_autocheckpoint = 0`) and this watcher runs PASSIVE checkpoints on a connection of its
 * own in a worker thread: PASSIVE never waits for readers or writers and never blocks them, so
 * the event loop only ever pays for a file stat. The worker starts at the first checkpoint
 * needed (a short-lived process with a small WAL never starts one; closing the last connection
 * checkpoints anyway). Should the worker fail to start, checkpoints go back to SQLite's own.
 */

/** How often the WAL file is looked at. */
const WATCH_MS = 500;
/** SQLite's own threshold (1,000 pages of 4 KiB): a smaller WAL waits, as it would without the worker. */
const WAL_BYTES = 4 * 1024 * 1024;
/** Emptying the WAL needs a moment without readers in it: tries this often, this far apart. */
const TRUNCATE_TRIES = 40;
const TRUNCATE_RETRY_MS = 50;

// Plain CommonJS run by the worker (eval: the app's bundler never sees it); better-sqlite3 is
// resolved from the working directory, the project's root for `next start`, scripts and tests.
// No busy timeout: a checkpoint that would wait says so (busy) and is tried again later.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file, { timeout: 0 });
parentPort.on("message", (mode) => {
  try {
    const [result] = db.pragma("wal_checkpoint(" + mode + ")");
    parentPort.postMessage({ ok: true, busy: result.busy !== 0 });
  } catch (error) {
    parentPort.postMessage({ ok: false, busy: true });
  }
});
`;

type Mode = "PASSIVE" | "TRUNCATE";

export interface WalCheckpoints {
  /**
   * Copies the whole WAL into the database and truncates it to nothing (a PASSIVE pass first,
   * so that TRUNCATE, which keeps writers out while it runs, has little left to copy). False
   * when readers stayed in the WAL through every try, or the worker is not running.
   */
  truncate(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Watches `file`'s WAL and checkpoints it on a worker. `fallback` is called once if the worker
 * cannot run, to hand checkpoints back to SQLite (re-enabling `wal_autocheckpoint`).
 */
export function watchWalCheckpoints(file: string, fallback: () => void): WalCheckpoints {
  const wal = `${file}-wal`;
  let worker: Worker | null = null;
  let failed = false;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = false;
  let checkpointedMtime = 0;

  const giveUp = (reason: unknown) => {
    if (failed) return;
    failed = true;
    clearInterval(timer);
    console.warn(`[memory-console] WAL checkpoints back on the event loop: the checkpoint worker failed (${String(reason)})`);
    void worker?.terminate();
    worker = null;
    fallback();
  };

  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    w.unref();
    w.on("error", giveUp);
    return w;
  };

  /** One checkpoint on the worker, after any before it; true when it was not kept from finishing. */
  const run = (mode: Mode): Promise<boolean> => {
    const done = queue.then(
      () =>
        new Promise<boolean>((resolve) => {
          if (failed) return resolve(false);
          const w = (worker ??= start());
          const finish = (answer: { ok: boolean; busy: boolean } | Error) => {
            w.off("message", finish);
            w.off("error", finish);
            resolve(!(answer instanceof Error) && answer.ok && !answer.busy);
          };
          w.on("message", finish);
          w.on("error", finish);
          w.postMessage(mode);
        }),
    );
    queue = done;
    return done;
  };

  const mtimeOfWal = () => {
    try {
      return statSync(wal).mtimeMs;
    } catch {
      return null; // no WAL yet (or the database went away)
    }
  };

  const look = () => {
    if (pending) return;
    let now;
    try {
      now = statSync(wal);
    } catch {
      return;
    }
    // The WAL file keeps its size when SQLite restarts it from the top: changed since the last checkpoint is what counts.
    if (now.size < WAL_BYTES || now.mtimeMs === checkpointedMtime) return;
    pending = true;
    void run("PASSIVE").then((finished) => {
      if (finished) checkpointedMtime = now.mtimeMs;
      pending = false;
    });
  };

  const timer = setInterval(look, WATCH_MS);
  timer.unref();

  return {
    truncate: async () => {
      if (mtimeOfWal() === null) return true;
      for (let attempt = 0; attempt < TRUNCATE_TRIES && !failed; attempt++) {
        await run("PASSIVE");
        if (await run("TRUNCATE")) return true;
        await new Promise((r) => setTimeout(r, TRUNCATE_RETRY_MS));
      }
      return false;
    },
    stop: async () => {
      clearInterval(timer);
      await queue;
      await worker?.terminate();
      worker = null;
    },
  };
}
