import { performance } from "node:perf_hooks";
import { expect, it } from "vitest";
import { detectSecrets } from "../../lib/memory/policies/detect-secrets.ts";

// secretlint's profiler kept every scan's performance marks and searched them on each new one:
// every write slowed as the process aged (lib/memory/policies/detect-secrets.ts says how much).
it("scanning for secrets leaves nothing in the process's performance timeline", async () => {
  for (let i = 0; i < 50; i++) await detectSecrets(`token-shaped-text-${i} ghp_${"a".repeat(36)}`);
  await new Promise((resolve) => setTimeout(resolve, 20)); // the profiler's observer runs after the scan
  expect(performance.getEntriesByType("mark").filter((m) => m.name.includes("@core>") || m.name.includes("secretlint"))).toEqual([]);
});
