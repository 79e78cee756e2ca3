// npm run mirror -- --store <id> --dir <folder> – keep a local folder and a memory store in sync
import { parseMirrorOptions, USAGE, UsageError } from "../lib/mirror/options.ts";
import { runMirror } from "../lib/mirror/run-mirror.ts";

let options;
try {
  options = parseMirrorOptions(process.argv.slice(2), process.env);
} catch (error) {
  // UsageError, or node:util parseArgs refusing an unknown or incomplete flag.
  if (!(error instanceof UsageError) && !String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")) throw error;
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === "help") {
  console.log(USAGE);
} else {
  process.exitCode = await runMirror(options);
}
