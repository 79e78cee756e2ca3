import { describe, expect, it } from "vitest";
import { compareBytes } from "../../lib/memory/time-travel/states-at.ts";

/** compareBytes orders paths as the engines do (UTF-8 bytes) without encoding them: the same sign as Buffer.compare, always. */
describe("compareBytes", () => {
  it("agrees with a comparison of the UTF-8 bytes, surrogates and U+E000–U+FFFF included", () => {
    const pieces = ["", "a", "b", "/", "-", "é", "z", "\u{e000}", "\u{fffd}", "\u{ffff}", "\u{10000}", "😀", "\u{10ffff}", "日"];
    let seed = 1;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () => Array.from({ length: Math.floor(next() * 4) }, () => pieces[Math.floor(next() * pieces.length)]).join("");
    for (let i = 0; i < 5_000; i++) {
      const a = `/${word()}`;
      const b = next() < 0.3 ? a + word() : `/${word()}`;
      expect(Math.sign(compareBytes(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
    }
    // Where UTF-16 code units disagree with the bytes: U+E000 is below U+10000 in UTF-8.
    expect(compareBytes("/\u{e000}", "/\u{10000}")).toBeLessThan(0);
    expect("/\u{e000}" < "/\u{10000}").toBe(false);
  });
});
