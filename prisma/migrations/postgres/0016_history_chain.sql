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
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_at" TIMESTAMP(3);
ALTER TABLE "memory_stores" ADD COLUMN "chain_checkpoint_signature" TEXT;

-- Existing history: numbered here in write order (ids sort by creation), hashed by the app on
-- the store's next write or verification (the same code on both engines). A store whose head
-- has a number and no hash is waiting for that (lib/memory/integrity/backfill-chain.ts).
UPDATE "memory_versions" v SET "chain_seq" = r.n
  FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "store_id" ORDER BY "id") AS n FROM "memory_versions") r
  WHERE r."id" = v."id";
UPDATE "memory_stores" s SET "chain_head_seq" = c.n
  FROM (SELECT "store_id", COUNT(*)::INTEGER AS n FROM "memory_versions" GROUP BY "store_id") c
  WHERE c."store_id" = s."id";
