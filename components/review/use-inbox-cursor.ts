"use client";

import { useState } from "react";
import type { ReviewItem } from "@/lib/queries/review-types.ts";

/** An item as the reviewer saw it: the same memory with a newer head is a new item. */
export const seenKey = (item: { memory_id: string; head_version_id: string }) => `${item.memory_id}@${item.head_version_id}`;

/**
 * The inbox's list as the reviewer works it: the server's items minus the ones just acted on
 * (hidden at once, shown again if the action fails), and a cursor that follows an item by id, so
 * that items arriving at the top while the reviewer reads never move the cursor under them.
 */
export function useInboxCursor(serverItems: ReviewItem[]) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const items = serverItems.filter((item) => !hidden.has(seenKey(item)));
  const found = items.findIndex((item) => item.memory_id === cursor.id);
  const index = found >= 0 ? found : Math.min(cursor.index, items.length - 1);
  const current = items[index] ?? null;

  const moveTo = (i: number) => {
    const at = Math.max(0, Math.min(i, items.length - 1));
    setCursor({ id: items[at]?.memory_id ?? null, index: at });
  };
  return {
    items,
    current,
    index,
    moveTo,
    next: () => moveTo(index + 1),
    previous: () => moveTo(index - 1),
    /** Hides an item acted on and puts the cursor on the one after it (or before, at the end). */
    hide: (item: ReviewItem) => {
      const at = items.findIndex((i) => i.memory_id === item.memory_id);
      const after = items[at + 1] ?? items[at - 1] ?? null;
      setHidden((now) => new Set(now).add(seenKey(item)));
      if (at === index) setCursor({ id: after?.memory_id ?? null, index: at });
    },
    /** Shows an item again after its action failed, with the cursor back on it: the reviewer must look again. */
    unhide: (item: ReviewItem) => {
      setHidden((now) => {
        const next = new Set(now);
        next.delete(seenKey(item));
        return next;
      });
      setCursor((now) => ({ id: item.memory_id, index: now.index }));
    },
  };
}
