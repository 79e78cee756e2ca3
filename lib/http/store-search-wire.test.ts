import { describe, expect, it } from "vitest";
import { cursorPosition } from "./store-search-wire.ts";

// A store_search cursor names a run, a value and an id; what it may hold depends on the sort.
describe("a store_search cursor's position", () => {
  it("takes the start of the written stores' run, which a page ends on when its budget runs out between the runs", () => {
    expect(cursorPosition({ for: "f", run: "values", value: "", id: "" }, "last_memory_write_at")).toEqual({ run: "values", value: null, id: "" });
    expect(cursorPosition({ for: "f", run: "nulls", value: "", id: "memstore_1" }, "last_memory_write_at")).toEqual({
      run: "nulls",
      value: null,
      id: "memstore_1",
    });
  });

  it("refuses a value of the wrong kind for the sort, or a run it does not know", () => {
    expect(() => cursorPosition({ for: "f", run: "values", value: "x", id: "memstore_1" }, "memory_count")).toThrow(/page/);
    expect(() => cursorPosition({ for: "f", run: "values", value: 3, id: "memstore_1" }, "name")).toThrow(/page/);
    expect(() => cursorPosition({ for: "f", run: "values", value: "not a time", id: "memstore_1" }, "created_at")).toThrow(/page/);
    expect(() => cursorPosition({ for: "f", run: "sideways", value: "", id: "memstore_1" }, "name")).toThrow(/page/);
    expect(cursorPosition({ for: "f", run: "values", value: 7, id: "memstore_1" }, "content_bytes")).toEqual({ run: "values", value: 7, id: "memstore_1" });
  });
});
