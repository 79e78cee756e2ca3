// Builds the operator commands (npm run import, export, transfer, mirror, backup, restore,
// prune, verify, db:migrate, db:compact, user:create) into dist/cli/*.mjs at `npm run build`, so that
// they run on a production install whose dev dependencies were pruned (`npm prune --omit=dev`),
// where tsx is gone. Packages stay external: they are loaded from node_modules as the app does.
import { build } from "esbuild";
import { COMMANDS } from "./cli-commands.mjs";

await build({
  entryPoints: Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])),
  outdir: "dist/cli",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`cli built: dist/cli/{${COMMANDS.join(",")}}.mjs`);
