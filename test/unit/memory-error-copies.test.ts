import { describe, expect, it } from "vitest";
import { UnreadBody } from "@/lib/http/body.ts";
import { invalidRequest, MemoryError } from "@/lib/memory/errors.ts";

// A refusal made by another bundle's copy of lib/memory/errors.ts (the dialect code runs in the
// bundle that opened the database) is still a MemoryError to the route's copy, so it answers with
// its own status, not a 500. A second import of the module by another URL is such a copy.
describe("MemoryError across copies of its module", () => {
  it("recognises another copy's errors, and nothing else", async () => {
    const url = new URL("../../lib/memory/errors.ts?another-copy", import.meta.url).href;
    const other = (await import(/* @vite-ignore */ url)) as typeof import("@/lib/memory/errors.ts");
    expect(other.MemoryError).not.toBe(MemoryError);
    const foreign = other.invalidRequest("made by the other copy");
    expect(foreign instanceof MemoryError).toBe(true);
    expect(invalidRequest("ours") instanceof other.MemoryError).toBe(true);
    expect(new Error("plain") instanceof MemoryError).toBe(false);
    expect({ code: "invalid_request", message: "look-alike" } instanceof MemoryError).toBe(false);
  });

  it("keeps the ordinary check for subclasses", () => {
    expect(invalidRequest("not a body") instanceof UnreadBody).toBe(false);
    const unread = Object.create(UnreadBody.prototype) as UnreadBody;
    expect(unread instanceof UnreadBody).toBe(true);
    expect(unread instanceof MemoryError).toBe(false); // no mark: never constructed
  });
});
