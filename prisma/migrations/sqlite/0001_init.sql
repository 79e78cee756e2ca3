-- Initial schema (SQLite). Keep in step with prisma/schema.prisma; test/db/schema-matches checks it.
CREATE TABLE "memory_stores" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "metadata" TEXT NOT NULL DEFAULT '{}',
    "memory_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    "archived_at" DATETIME
);
CREATE INDEX "memory_stores_created_at_idx" ON "memory_stores"("created_at");

CREATE TABLE "memories" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "store_id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "content_sha256" TEXT NOT NULL,
    "content_size_bytes" INTEGER NOT NULL,
    "memory_version_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "memories_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "memories_store_id_path_key" ON "memories"("store_id", "path");

CREATE TABLE "memory_versions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "path" TEXT,
    "content" TEXT,
    "content_sha256" TEXT,
    "content_size_bytes" INTEGER,
    "created_by_type" TEXT,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL,
    "redacted_at" DATETIME,
    "redacted_by_type" TEXT,
    "redacted_by_id" TEXT,
    CONSTRAINT "memory_versions_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "memory_versions_store_id_id_idx" ON "memory_versions"("store_id", "id");
CREATE INDEX "memory_versions_store_id_memory_id_id_idx" ON "memory_versions"("store_id", "memory_id", "id");
CREATE INDEX "memory_versions_store_id_created_by_id_id_idx" ON "memory_versions"("store_id", "created_by_id", "id");
CREATE INDEX "memory_versions_created_at_idx" ON "memory_versions"("created_at");

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "store_ids" TEXT,
    "read_only" BOOLEAN NOT NULL DEFAULT false,
    "created_by_user_id" TEXT,
    "created_at" DATETIME NOT NULL,
    "revoked_at" DATETIME
);
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

CREATE TABLE "users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "password_hash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    "disabled_at" DATETIME
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "sign_in_failures" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "window_start" DATETIME NOT NULL
);

CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL
);
