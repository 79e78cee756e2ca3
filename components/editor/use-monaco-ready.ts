"use client";

import { useEffect, useState } from "react";
import { afterNextPaint } from "@/components/ui/after-paint.ts";
import { ensureMonaco, monacoLoaded } from "./monaco-setup.ts";

/**
 * True once the locally bundled Monaco is configured; render editors only then. Loading starts
 * after the frame that shows what the editor's page rendered meanwhile (its text, as plain text):
 * evaluating Monaco holds the main thread for 0.3–1 s on a 2-core machine, and a click that
 * opened a memory must not wait for that to see its text (issue 42).
 */
export function useMonacoReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const start = () => void ensureMonaco().then(() => live && setReady(true));
    // Loaded already (another editor of this tab): nothing left to hold the main thread.
    const cancel = monacoLoaded() ? (start(), () => {}) : afterNextPaint(start);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return ready;
}
