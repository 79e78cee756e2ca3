// Preloaded into a test server (FORCED_GC_ENV in server.ts): SIGUSR2 runs a full garbage
// collection, so that a test can make the server free what requests left behind now, where a
// half-made native handle would abort the process (issue 21), instead of some requests later.
import process from "node:process";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  process.stdout.write("forced gc done\n");
});
