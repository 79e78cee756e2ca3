-- Initial schema (PostgreSQL). Keep in step with prisma/schema.prisma; test/db/schema-matches checks it.
-- memories.path uses COLLATE "C" so paths sort and compare byte by byte, exactly as on SQLite:
-- listing by path_prefix and the folder ranges of the overlap check rely on that order.
CREATE TABLE "memory_stores" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "metadata" TEXT NOT NULL DEFAULT '{}',
    "memory_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "archived_at" TIMESTAMP(3),
    CONSTRAINT "memory_stores_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "memory_stores_created_at_idx" ON "memory_stores"("created_at");

CREATE TABLE "memories" (
    "id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "path" TEXT COLLATE "C" NOT NULL,
    "content" TEXT NOT NULL,
    "content_sha256" TEXT NOT NULL,
    "content_size_bytes" INTEGER NOT NULL,
    "memory_version_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "memories_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "memories_store_id_path_key" ON "memories"("store_id", "path");

CREATE TABLE "memory_versions" (
    "id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "path" TEXT,
    "content" TEXT,
    "content_sha256" TEXT,
    "content_size_bytes" INTEGER,
    "created_by_type" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "redacted_at" TIMESTAMP(3),
    "redacted_by_type" TEXT,
    "redacted_by_id" TEXT,
    CONSTRAINT "memory_versions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "memory_versions_store_id_id_idx" ON "memory_versions"("store_id", "id");
CREATE INDEX "memory_versions_store_id_memory_id_id_idx" ON "memory_versions"("store_id", "memory_id", "id");
CREATE INDEX "memory_versions_store_id_created_by_id_id_idx" ON "memory_versions"("store_id", "created_by_id", "id");
CREATE INDEX "memory_versions_created_at_idx" ON "memory_versions"("created_at");

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "store_ids" TEXT,
    "read_only" BOOLEAN NOT NULL DEFAULT false,
    "created_by_user_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "password_hash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "disabled_at" TIMESTAMP(3),
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "sign_in_failures" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("key")
);

ALTER TABLE "memories" ADD CONSTRAINT "memories_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memory_versions" ADD CONSTRAINT "memory_versions_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;
