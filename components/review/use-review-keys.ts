"use client";

import { useEffect } from "react";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { isTypingTarget, SHORTCUTS } from "./shortcuts.ts";

export type ShortcutKey = (typeof SHORTCUTS)[number]["key"];

/**
 * The inbox's single-key shortcuts on the window. Held keys repeat only for moving: a held
 * "a" must not approve a run of items nobody looked at.
 */
export function useReviewKeys(handlers: Partial<Record<ShortcutKey, () => void>>) {
  const ref = useLatestRef(handlers);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event)) return;
      const handler = ref.current[event.key as ShortcutKey];
      if (!handler) return;
      event.preventDefault();
      if (event.repeat && event.key !== "j" && event.key !== "k") return;
      handler();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ref]);
}
