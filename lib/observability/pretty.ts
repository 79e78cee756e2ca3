/**
 * LOG_FORMAT=pretty: each JSON line as one short line for a person at a terminal, e.g.
 * `12:04:05.120 INFO  POST /v1/memory_stores/{store}/memories 200 4.1 ms req_… api_key:apikey_…`.
 * Small on purpose (pino-pretty would bring a dozen packages for this).
 */
const COLORS: Record<string, string> = { fatal: "35", error: "31", warn: "33", info: "32", debug: "36", trace: "90" };
const SHOWN_ELSEWHERE = new Set(["level", "time", "msg", "pid", "hostname"]);

export function formatLine(line: string, color: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = String(entry.level ?? "info");
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const tag = level.toUpperCase().padEnd(5);
  const label = color ? `\x1b[${COLORS[level] ?? "0"}m${tag}\x1b[0m` : tag;
  if (entry.msg === "request") {
    const who = entry.principal_kind ? ` ${entry.principal_kind}:${entry.principal_id}` : "";
    return `${time} ${label} ${entry.method} ${entry.route} ${entry.status} ${entry.duration_ms} ms ${entry.request_id}${who}\n`;
  }
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !SHOWN_ELSEWHERE.has(k)));
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  return `${time} ${label} ${entry.msg ?? ""}${extra}\n`;
}

export function prettyStream(out: NodeJS.WritableStream = process.stdout) {
  const color = (out as { isTTY?: boolean }).isTTY === true;
  return { write: (line: string) => void out.write(formatLine(line, color)) };
}
