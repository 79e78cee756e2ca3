import { describe, expect, it } from "vitest";
import { savedStatus } from "@/components/memories/save-status.tsx";

// Issue 42: a held save says so where the person saved, naming the kind and the line, never the text.
describe("the status after a save", () => {
  it("is Saved when nothing held the write", () => {
    expect(savedStatus(undefined)).toBe("Saved");
    expect(savedStatus([])).toBe("Saved");
  });

  it("names what held it and on which line, each once, the first three", () => {
    const secret = { class: "secrets" as const, rule: "github", description: "GitHub Token", line: 3 };
    expect(savedStatus([secret])).toBe("Saved — held for review: a secret on line 3");
    expect(savedStatus([secret, { ...secret, rule: "jwt" }, { class: "pii", rule: "email", description: "e-mail address", line: 7 }])).toBe(
      "Saved — held for review: a secret on line 3, personal data on line 7",
    );
    const many = [1, 2, 3, 4, 5].map((line) => ({ class: "instructions" as const, rule: "override", description: "", line }));
    expect(savedStatus(many)).toBe(
      "Saved — held for review: an instruction addressed to the model on line 1, an instruction addressed to the model on line 2, an instruction addressed to the model on line 3 and 2 more",
    );
  });
});
