import { describe, expect, it } from "vitest";
import { newId, ulid } from "@/lib/memory/ids.ts";

describe("ids", () => {
  it("are strictly increasing within one millisecond, so newest-first is ORDER BY id DESC", () => {
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => ulid(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sort by time across milliseconds and carry their prefix", () => {
    expect(ulid(1_000) < ulid(2_000)).toBe(true);
    expect(newId("memver")).toMatch(/^memver_[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
