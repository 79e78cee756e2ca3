-- The audit log (lib/memory/audit): people's and keys' administrative actions, append-only and
-- chained like a store's history (record_hash, prev_chain_hash, chain_hash), one chain for the
-- instance whose head is the single row of audit_chain_head (its row lock serialises appends on
-- PostgreSQL; SQLite's write lock does it there). Nullable chain columns: a row inserted behind
-- the application's back is a break that verification reports.
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "seq" INTEGER,
    "action" TEXT NOT NULL,
    "actor_type" TEXT,
    "actor_id" TEXT,
    "target_type" TEXT,
    "target_id" TEXT,
    "store_id" TEXT,
    "details" TEXT NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL,
    "record_hash" TEXT,
    "prev_chain_hash" TEXT,
    "chain_hash" TEXT,
    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_events_seq_idx" ON "audit_events"("seq");
CREATE INDEX "audit_events_action_id_idx" ON "audit_events"("action", "id");
CREATE INDEX "audit_events_actor_id_id_idx" ON "audit_events"("actor_id", "id");

CREATE TABLE "audit_chain_head" (
    "id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("id")
);
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');
