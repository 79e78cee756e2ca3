-- A reviewer's reason for an approve or a revert (one or in bulk), kept with the decision and
-- shown with it. Nullable, no backfill: decisions made before it have no reason. No index.
ALTER TABLE "review_decisions" ADD COLUMN "reason" TEXT;
