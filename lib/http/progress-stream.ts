import { errorResponse } from "./errors.ts";

/** One line of a progress stream: an import's memories (or versions) written so far, or a store batch's stores, of how many. */
export interface ProgressLine {
  type: "import_progress" | "store_batch_progress";
  written: number;
  total: number;
}

/**
 * Runs `work` and answers at once with JSON Lines: progress lines while it runs, then its
 * result, or the error envelope it ended with (the same one the API would answer, without the
 * HTTP status, which is already 200 by then). For a long import that a console wants to show
 * a real progress bar for; the work runs whether or not the client keeps reading.
 */
export function progressStream<T>(
  requestId: string,
  work: (report: (written: number, total: number) => void) => Promise<T>,
  type: ProgressLine["type"] = "import_progress",
): Response {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const send = (value: unknown) => {
    if (!open) return;
    try {
      controller.enqueue(encoder.encode(JSON.stringify(value) + "\n"));
    } catch {
      open = false; // the client went away; the work goes on and lands (or not) all the same
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  let last = 0;
  void work((written, total) => {
    // At most ~10 lines a second, and always the last one.
    if (written < total && Date.now() - last < 100) return;
    last = Date.now();
    send({ type, written, total } satisfies ProgressLine);
  })
    .then(send, async (error: unknown) => send(await errorResponse(error, requestId).json()))
    .finally(() => {
      if (open) controller.close();
      open = false;
    });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson", "cache-control": "no-store", "request-id": requestId } });
}
