// Next.js calls register() once when a server process starts.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself, not by whoever runs the server: the one env read outside lib/config.ts.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, before any request reaches Next: rate limits need the real socket address, logs and metrics every request.
    const { installRequestHook } = await import("./lib/server/request-hook.ts");
    installRequestHook();
    const { onServerStart } = await import("./lib/server/startup.ts");
    const tasks = await onServerStart();
    const { installGracefulShutdown } = await import("./lib/server/shutdown.ts");
    installGracefulShutdown(tasks);
  }
}
