"use client";

import { useEffect, useState } from "react";
import { ensureMonaco } from "./monaco-setup.ts";

/** True once the locally bundled Monaco is configured; render editors only then. */
export function useMonacoReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureMonaco().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
