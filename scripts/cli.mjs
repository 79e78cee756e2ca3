// npm run <command> → node scripts/cli.mjs <name> [args]: runs scripts/<name>.ts from source
// with tsx where the dev dependencies are installed (a checkout: edits take effect at once), and
// the build's dist/cli/<name>.mjs where they are not (a production install after
// `npm prune --omit=dev`). One process either way, so signals reach the command itself.
// Without a command, or with --help, it lists them; each command answers --help itself
// (lib/cli/command-line.ts).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMMANDS, SUMMARIES } from "./cli-commands.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2];

/** The commands as operators run them: the npm script package.json names for each. */
function commandList() {
  const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts ?? {};
  const scriptOf = (command) => Object.keys(scripts).find((script) => scripts[script] === `node scripts/cli.mjs ${command}`);
  const rows = COMMANDS.map((command) => [scriptOf(command) ? `npm run ${scriptOf(command)}` : `node scripts/cli.mjs ${command}`, SUMMARIES[command]]);
  const width = Math.max(...rows.map(([run]) => run.length));
  return [
    "Usage: npm run <command> -- [options]   (node scripts/cli.mjs <name> [options])",
    "",
    "The operator commands; each prints its options and an example with --help (npm run export -- --help):",
    ...rows.map(([run, summary]) => `  ${run.padEnd(width)}  ${summary}`),
    "",
  ].join("\n");
}

if (name === "--help" || name === "-h") {
  process.stdout.write(commandList());
  process.exit(0);
}
if (!COMMANDS.includes(name)) {
  process.stderr.write(`${name === undefined ? "No command given" : `Unknown command ${JSON.stringify(name)}`}.\n\n${commandList()}`);
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
