// npm run mirror -- --store <id> --dir <folder> – keep a local folder and a memory store in sync
import { MIRROR_COMMAND, parseMirrorOptions, UsageError, type MirrorOptions } from "../lib/mirror/options.ts";
import { runMirror } from "../lib/mirror/run-mirror.ts";

function readOptions(): MirrorOptions | "help" {
  try {
    return parseMirrorOptions(process.argv.slice(2), process.env);
  } catch (error) {
    // A flag the command line cannot hold, or what flags and environment say together (a key sent where it should not go).
    if (!(error instanceof UsageError)) throw error;
    return MIRROR_COMMAND.refuse(error.message);
  }
}

const options = readOptions();
if (options === "help") {
  process.stdout.write(MIRROR_COMMAND.usage);
} else {
  process.exitCode = await runMirror(options);
}
