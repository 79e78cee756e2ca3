import { describe, expect, it } from "vitest";
import { newId, newIdAfter } from "./ids.ts";

describe("newIdAfter", () => {
  it("is a fresh time-ordered id when the previous one is older", () => {
    const previous = newId("memver");
    const next = newIdAfter("memver", previous);
    expect(next > previous).toBe(true);
    expect(next).toMatch(/^memver_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("is the previous id plus one when the previous one is from a clock ahead of ours", () => {
    expect(newIdAfter("memver", "memver_7ZZZZZZZZZ0000000000000001")).toBe("memver_7ZZZZZZZZZ0000000000000002");
    expect(newIdAfter("memver", "memver_7ZZZZZZZZZ000000000000000Z")).toBe("memver_7ZZZZZZZZZ0000000000000010");
  });
});
