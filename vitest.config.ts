import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "lib/**/*.test.ts"],
    // API tests start real servers; two files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // Files share a worker's module cache instead of importing every module afresh: a quarter
    // less CPU for the whole SQLite pass (5m01s against 6m43s, user + system, 990 tests passing
    // either way). Each file still starts its own servers and opens its own databases; a file
    // must not rely on module state another file left (none does: the pass is green both ways).
    isolate: false,
    // Starts, on first request, the one server that files without special needs share (test/helpers/shared-server.ts).
    globalSetup: ["test/helpers/shared-server.setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  resolve: { alias: { "@": import.meta.dirname } },
});
