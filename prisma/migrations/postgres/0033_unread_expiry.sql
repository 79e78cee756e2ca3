-- Expiry by last read (issue 45): a stale review item says why it is stale, "unchanged for 90
-- days" (review_after_days) or "unread for 90 days" (unread_after_days: no agent has read it);
-- null for the items of before, and for every other change.
ALTER TABLE "review_items" ADD COLUMN "stale_reason" TEXT;
