-- Tamper-evident history (lib/memory/integrity). Every version carries its place in its store's
-- chain (`chain_seq`, 1, 2, 3 … per store), the hash of its record (`record_hash`), the chain
-- hash before it (`prev_chain_hash`) and its own (`chain_hash` = sha256(prev || record)); the
-- store carries the chain's head and the checkpoint retention left where it cut. The columns
-- are nullable: a row written behind the application's back without them is a break that
-- verification reports, not an insert the database refuses.
ALTER TABLE "memory_versions" ADD COLUMN "chain_seq" INTEGER;
ALTER TABLE "memory_versions" ADD COLUMN "record_hash" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "prev_chain_hash" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "chain_hash" TEXT;
CREATE INDEX "memory_versions_store_id_chain_seq_idx" ON "memory_versions"("store_id", "chain_seq");

ALTER TABLE "memory_stores" ADD COLUMN "chain_head_seq" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "memory_stores" ADD COLUMN "chain_head_hash" TEXT;
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_seq" INTEGER;
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_hash" TEXT;
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_at" DATETIME;
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_signature" TEXT;

-- Existing history: numbered here in write order (ids sort by creation), hashed by the app on
-- the store's next write or verification (SQLite has no SHA-256 in SQL). A store whose head has
-- a number and no hash is waiting for that (lib/memory/integrity/backfill-chain.ts).
CREATE TEMP TABLE "_chain_order" ("id" TEXT NOT NULL PRIMARY KEY, "n" INTEGER NOT NULL);
INSERT INTO "_chain_order" ("id", "n")
  SELECT "id", ROW_NUMBER() OVER (PARTITION BY "store_id" ORDER BY "id") FROM "memory_versions";
UPDATE "memory_versions" SET "chain_seq" = (SELECT "n" FROM "_chain_order" WHERE "_chain_order"."id" = "memory_versions"."id");
DROP TABLE "_chain_order";
UPDATE "memory_stores" SET "chain_head_seq" = (SELECT COUNT(*) FROM "memory_versions" WHERE "memory_versions"."store_id" = "memory_stores"."id");
