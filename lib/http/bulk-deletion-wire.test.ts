import { describe, expect, it } from "vitest";
import type { BulkDeletion, BulkItem } from "../memory/bulk-delete/bulk-deletion-rows.ts";
import { bulkDeletionCsv } from "./bulk-deletion-wire.ts";

describe("bulk deletion report as CSV", () => {
  const bulk = { id: "bulkdel_1", filter: { target: "stores", metadata: [] } } as unknown as BulkDeletion;
  const item = (label: string): BulkItem => ({
    targetId: "memstore_1",
    storeId: "memstore_1",
    label,
    seen: "",
    memoryCount: 2,
    kind: "planned",
    outcome: "deleted",
  });

  it("quotes what needs quoting and never lets a store name become a spreadsheet formula", () => {
    const lines = bulkDeletionCsv(bulk, [item('a "quoted", name'), item('=HYPERLINK("x")'), item("@SUM(1)"), item("plain")]).split("\r\n");
    expect(lines[0]).toBe("bulk_deletion_id,target,id,memory_store_id,label,memory_count,kind,outcome");
    expect(lines[1]).toBe('bulkdel_1,stores,memstore_1,memstore_1,"a ""quoted"", name",2,planned,deleted');
    expect(lines[2]).toBe(`bulkdel_1,stores,memstore_1,memstore_1,"'=HYPERLINK(""x"")",2,planned,deleted`);
    expect(lines[3]).toBe("bulkdel_1,stores,memstore_1,memstore_1,'@SUM(1),2,planned,deleted");
    expect(lines[4]).toBe("bulkdel_1,stores,memstore_1,memstore_1,plain,2,planned,deleted");
  });
});
