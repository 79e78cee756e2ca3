import { describe, expectTypeOf, it } from "vitest";
import type { MemoryRecordModel, MemoryStoreModel, MemoryVersionModel } from "../../lib/db/generated/sqlite/models.ts";
import type { MemoryRecord, MemoryStore, MemoryVersion } from "../../lib/memory/db.ts";

// lib/memory/db.ts states the domain's row types itself (the port owns them); the Prisma models
// generated from prisma/schema.prisma describe the same tables. `npm run typecheck` fails here
// when a column is added to one and not the other.
type Chain = "chainSeq" | "recordHash" | "prevChainHash" | "chainHash";
type StoreChain = "chainHeadSeq" | "chainHeadHash" | "chainCheckpointSeq" | "chainCheckpointHash" | "chainCheckpointAt" | "chainCheckpointSignature";

describe("the domain's row types", () => {
  it("match the schema's models, leaving the history chain's columns to lib/memory/integrity", () => {
    expectTypeOf<MemoryRecord>().toEqualTypeOf<MemoryRecordModel>();
    expectTypeOf<MemoryStore>().toEqualTypeOf<Omit<MemoryStoreModel, StoreChain>>();
    expectTypeOf<MemoryVersion>().toEqualTypeOf<Omit<MemoryVersionModel, Chain>>();
  });
});
