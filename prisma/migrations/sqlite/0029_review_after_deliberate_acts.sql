-- Deliberate acts settle only what they wrote (issue 42): an undo, restore, batch undo or erase
-- that leaves a memory holding writes nobody settled leaves it awaiting review, and says so.
-- review_items.authors: who wrote what the item awaits (a JSON array of wire actors), kept as
-- items open and grow, and set from history when an act puts an unreviewed state back; null for
-- items from before (read as the item's last actor). The reports' items say which memories were
-- left awaiting review.
ALTER TABLE "review_items" ADD COLUMN "authors" TEXT;
ALTER TABLE "restore_items" ADD COLUMN "awaiting_review" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "revert_items" ADD COLUMN "awaiting_review" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "review_batch_undo_items" ADD COLUMN "awaiting_review" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "erasure_items" ADD COLUMN "awaiting_review" BOOLEAN NOT NULL DEFAULT false;
