"use client";

import { useEffect } from "react";

const APP = "Memory Console";

/**
 * The browser tab names the page: its parts most specific first ("/notes/plan.md · Team notes"),
 * then the app. Client pages know their store and path only once loaded, so it is set here
 * rather than in Next's metadata; missing parts are left out, and leaving restores the app's name.
 * Next writes the metadata's <title> (streamed, after this effect may have run), so the title is
 * put back whenever the head changes it.
 */
export function usePageTitle(parts: readonly (string | null | undefined)[]) {
  const title = [...parts.filter((p): p is string => !!p), APP].join(" · ");
  useEffect(() => {
    if (title === APP) return;
    const apply = () => {
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = APP;
    };
  }, [title]);
}
