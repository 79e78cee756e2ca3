"use client";

import { useState } from "react";
import type { BulkTarget, ReviewItem } from "@/lib/queries/review-types.ts";

/**
 * Items ticked for a bulk action. Only what is still listed counts, at the head it is listed at
 * (the bulk dry run starts from those): an item settled meanwhile drops out of the selection.
 */
export function useReviewSelection(listed: ReviewItem[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const targets: BulkTarget[] = listed.filter((item) => picked.has(item.memory_id)).map(({ memory_id, head_version_id }) => ({ memory_id, head_version_id }));
  return {
    size: targets.length,
    targets,
    has: (item: ReviewItem) => picked.has(item.memory_id),
    toggle: (item: ReviewItem) =>
      setPicked((now) => {
        const next = new Set(now);
        if (!next.delete(item.memory_id)) next.add(item.memory_id);
        return next;
      }),
    clear: () => setPicked(new Set()),
  };
}
