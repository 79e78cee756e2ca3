// npm run <command> → node scripts/cli.mjs <name> [args]: runs scripts/<name>.ts from source
// with tsx where the dev dependencies are installed (a checkout: edits take effect at once), and
// the build's dist/cli/<name>.mjs where they are not (a production install after
// `npm prune --omit=dev`). One process either way, so signals reach the command itself.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMMANDS } from "./cli-commands.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2];
if (!COMMANDS.includes(name)) {
  console.error(`Unknown command ${JSON.stringify(name)}; one of: ${COMMANDS.join(", ")}.`);
  process.exit(2);
}
// The command parses process.argv.slice(2) as its own arguments.
process.argv.splice(2, 1);

let tsx = null;
try {
  tsx = await import("tsx/esm/api");
} catch {
  // Not installed: a production install.
}
if (tsx) {
  tsx.register();
  await import(pathToFileURL(join(root, "scripts", `${name}.ts`)).href);
} else {
  const built = join(root, "dist", "cli", `${name}.mjs`);
  if (!existsSync(built)) {
    console.error(`${built} is missing: run \`npm run build\` first (it builds the commands too).`);
    process.exit(1);
  }
  await import(pathToFileURL(built).href);
}
