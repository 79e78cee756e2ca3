// MCP_ALLOWED_ORIGINS: origins only, normalised; a wrong entry stops the server with a message that names the variable, not the value
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../lib/config.ts";

describe("MCP_ALLOWED_ORIGINS", () => {
  it("keeps each origin as the URL parser writes it; unset is none", () => {
    expect(parseConfig({}).MCP_ALLOWED_ORIGINS).toEqual([]);
    expect(parseConfig({ MCP_ALLOWED_ORIGINS: " https://Agents.Example.com/ ,http://10.0.0.5:8080,, http://h.example:80" }).MCP_ALLOWED_ORIGINS).toEqual([
      "https://agents.example.com",
      "http://10.0.0.5:8080",
      "http://h.example",
    ]);
  });

  it("refuses what is not an http(s) origin", () => {
    for (const value of [
      "https://a.example/path",
      "ftp://a.example",
      "not a url",
      "https://user:pw@a.example",
      "https://a.example?q=1",
      "https://a.example#x",
    ]) {
      expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: value }), value).toThrow(/MCP_ALLOWED_ORIGINS: entry 1 is not an http\(s\) origin/);
      try {
        parseConfig({ MCP_ALLOWED_ORIGINS: value });
      } catch (error) {
        expect((error as Error).message).not.toContain(value);
      }
    }
  });
});
