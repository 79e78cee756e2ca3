-- Sessions end when the password changes: tokens carry the user's session_version.
ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;

-- Limiter keys are now hashed; old rows (raw emails and addresses) are dropped.
DELETE FROM "sign_in_failures";
CREATE INDEX "sign_in_failures_window_start_idx" ON "sign_in_failures"("window_start");
