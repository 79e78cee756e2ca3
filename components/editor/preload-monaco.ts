"use client";

import { useEffect } from "react";

/**
 * Loads Monaco while the browser is idle after a console page is shown, so the first memory a
 * reviewer opens is editable at once. Imported dynamically: the pages that never show an
 * editor do not carry Monaco's loader in their own bundle.
 */
export function usePreloadMonaco() {
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return;
    const id = requestIdleCallback(() => void import("./monaco-setup.ts").then((setup) => setup.ensureMonaco()), { timeout: 10_000 });
    return () => cancelIdleCallback(id);
  }, []);
}
