import { describe, expect, it } from "vitest";
import { formatLine } from "../../lib/observability/pretty.ts";

// LOG_FORMAT=pretty (npm run dev): the same JSON lines as short readable ones.
describe("pretty log lines", () => {
  it("show a request as time, level, method, route, status, duration, request id and principal", () => {
    const line = JSON.stringify({
      level: "info",
      time: "2026-11-30T12:04:05.120Z",
      pid: 1,
      hostname: "h",
      msg: "request",
      request_id: "req_1",
      method: "POST",
      route: "/v1/memory_stores",
      status: 200,
      duration_ms: 4.1,
      principal_kind: "api_key",
      principal_id: "apikey_1",
    });
    expect(formatLine(line, false)).toBe("12:04:05.120 INFO  POST /v1/memory_stores 200 4.1 ms req_1 api_key:apikey_1\n");
  });

  it("show other messages with their extra fields, and pass through what is not JSON", () => {
    const line = JSON.stringify({ level: "warn", time: "2026-11-30T12:04:05.120Z", pid: 1, hostname: "h", msg: "readyz: not ready", reason: "db" });
    expect(formatLine(line, false)).toBe('12:04:05.120 WARN  readyz: not ready {"reason":"db"}\n');
    expect(formatLine("plain text\n", false)).toBe("plain text\n");
  });
});
