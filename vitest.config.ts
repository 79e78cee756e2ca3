import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "lib/**/*.test.ts"],
    // API tests start real servers; two files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  resolve: { alias: { "@": import.meta.dirname } },
});
