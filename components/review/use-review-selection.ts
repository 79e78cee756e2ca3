"use client";

import { useState } from "react";
import type { BulkTarget, ReviewItem } from "@/lib/queries/review-types.ts";

/** Items ticked for a bulk action, each with the head it was listed at (the bulk dry run starts from those). */
export function useReviewSelection() {
  const [picked, setPicked] = useState<ReadonlyMap<string, BulkTarget>>(new Map());
  return {
    size: picked.size,
    targets: [...picked.values()],
    has: (item: ReviewItem) => picked.has(item.memory_id),
    toggle: (item: ReviewItem) =>
      setPicked((now) => {
        const next = new Map(now);
        if (next.has(item.memory_id)) next.delete(item.memory_id);
        else next.set(item.memory_id, { memory_id: item.memory_id, head_version_id: item.head_version_id });
        return next;
      }),
    clear: () => setPicked(new Map()),
  };
}
