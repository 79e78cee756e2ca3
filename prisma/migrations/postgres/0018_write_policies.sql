-- Write policies (lib/memory/policies): a store's own policy as a JSON document, or NULL to
-- follow the instance default (app_settings key 'write_policy_default', itself absent until an
-- admin sets it: lib/memory/policies/write-policy.ts states the built-in default). A review item
-- keeps what the detectors found in the writes it holds (a JSON array; NULL: nothing), and
-- `stale` items are memories unchanged longer than a review_after_days rule allows.
ALTER TABLE "memory_stores" ADD COLUMN "write_policy" TEXT;
ALTER TABLE "review_items" ADD COLUMN "findings" TEXT;
