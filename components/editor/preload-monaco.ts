"use client";

import { useEffect } from "react";
import { whenIdle } from "@/components/ui/after-paint.ts";

/** Links to the pages whose main view is Monaco: a memory, a version, a memory opened beside its store's tree. */
const OPENS_AN_EDITOR = /\/stores\/[^/?#]+\/(memories|versions)\/|[?&]memory=/;

const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;
/** What starts a navigation (or any other work the reader is waiting for): a preload not yet begun waits for the next intent. */
const ACTION_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * How long the pointer (or focus) stays on such a link before Monaco starts loading. A click
 * usually follows a hover within this: the page it opens shows the text first and loads Monaco
 * itself, instead of the click waiting behind Monaco's evaluation, a single task of 0.3–1 s on
 * this project's 2-core machine (issue 42: a memory clicked right after the tree opened showed
 * its text after 0.8–1.0 s, the evaluation of the Monaco that pointing at it had started).
 */
const DWELL_MS = 400;

/**
 * Starts loading Monaco when the reviewer rests the pointer on, focuses or touches a link that
 * opens an editor, so the memory they then open is editable at once; a page that shows an editor
 * loads it itself, after its content is on screen, and that content is readable and editable as
 * plain text before that. Only once the link has held the pointer for DWELL_MS and the browser is
 * idle, and not if the reader acts first (presses a button or a key): a click is then served
 * before Monaco. Not on every page while idle: evaluating Monaco's 4 MB on each page load cost
 * the console e2e specs 14 % of their CPU (165 against 191 CPU-s for four spec files, 4 Dec
 * 2026), and a phone on the users or webhooks page has no use for it.
 */
export function usePreloadMonacoOnIntent() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let cancelIdle: (() => void) | null = null;
    const cancel = () => {
      if (timer !== null) clearTimeout(timer);
      cancelIdle?.();
      timer = cancelIdle = null;
    };
    const stop = () => {
      cancel();
      INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent, true));
      ACTION_EVENTS.forEach((type) => document.removeEventListener(type, cancel, true));
    };
    const load = () => {
      stop();
      void import("./monaco-setup.ts").then((setup) => setup.ensureMonaco());
    };
    function onIntent(event: Event) {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || !OPENS_AN_EDITOR.test(link.getAttribute("href") ?? "") || timer !== null || cancelIdle !== null) return;
      timer = setTimeout(() => {
        timer = null;
        cancelIdle = whenIdle(load, 2_000);
      }, DWELL_MS);
    }
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    ACTION_EVENTS.forEach((type) => document.addEventListener(type, cancel, { capture: true, passive: true }));
    return stop;
  }, []);
}
