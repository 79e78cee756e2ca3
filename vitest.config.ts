import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "lib/**/*.test.ts"],
    // API tests start real servers; two files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // Starts, on first request, the one server that files without special needs share (test/helpers/shared-server.ts).
    globalSetup: ["test/helpers/shared-server.setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  resolve: { alias: { "@": import.meta.dirname } },
});
