import pino, { type Logger } from "pino";
import { config } from "../config.ts";
import { prettyStream } from "./pretty.ts";

/**
 * The server's one logger (pino): JSON lines on stdout, or short readable lines with
 * LOG_FORMAT=pretty (`npm run dev`). Nothing secret is ever handed to it; the redaction below
 * is a second line of defence should a field of that name slip into a log call.
 */
const KEY = Symbol.for("memory-console.logger");
const holder = globalThis as { [KEY]?: Logger };

const REDACTED = ["authorization", "cookie", "password", "secret", "content", "*.authorization", "*.cookie", "*.password", "*.secret", "*.content"];

export function logger(): Logger {
  if (!holder[KEY]) {
    const { LOG_LEVEL, LOG_FORMAT } = config();
    const options: pino.LoggerOptions = {
      level: LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: "[redacted]" },
    };
    holder[KEY] = LOG_FORMAT === "pretty" ? pino(options, prettyStream()) : pino(options);
  }
  return holder[KEY];
}
