"use client";

import { useEffect } from "react";

/** Links to the pages whose main view is Monaco: a memory, a version, a memory opened beside its store's tree. */
const OPENS_AN_EDITOR = /\/stores\/[^/?#]+\/(memories|versions)\/|[?&]memory=/;

const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Starts loading Monaco when the reviewer points at, focuses or touches a link that opens an
 * editor, so the memory they open is editable at once; a page that shows an editor loads it
 * itself, and its content is readable and editable as plain text before that. Not on every page
 * while idle: evaluating Monaco's 4 MB on each page load cost the console e2e specs 14 % of their
 * CPU (165 against 191 CPU-s for four spec files, 4 Dec 2026), and a phone on the users or
 * webhooks page has no use for it.
 */
export function usePreloadMonacoOnIntent() {
  useEffect(() => {
    const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent, true));
    function onIntent(event: Event) {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || !OPENS_AN_EDITOR.test(link.getAttribute("href") ?? "")) return;
      stop();
      void import("./monaco-setup.ts").then((setup) => setup.ensureMonaco());
    }
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return stop;
  }, []);
}
