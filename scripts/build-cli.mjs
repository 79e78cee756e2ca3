// Builds the operator commands (npm run import, export, transfer, mirror, backup, restore,
// prune, verify, db:migrate, db:compact, user:create) into dist/cli/*.mjs at `npm run build`, so that
// they run on a production install whose dev dependencies were pruned (`npm prune --omit=dev`),
// where tsx is gone. Packages stay external: they are loaded from node_modules as the app does.
// `--outdir DIR` builds elsewhere (test/ops/command-help.test.ts runs a bundle it built itself).
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { COMMANDS } from "./cli-commands.mjs";

const { outdir } = parseArgs({ options: { outdir: { type: "string", default: "dist/cli" } } }).values;
await build({
  entryPoints: Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])),
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`cli built: ${outdir}/{${COMMANDS.join(",")}}.mjs`);
