import type { BrowserContext, Page } from "@playwright/test";

/** What counts as a page's primary content: the first element matching `selector` (and showing `text`, if given). */
export interface Target {
  selector: string;
  text?: string;
}

interface ProbeWindow {
  __probe: { seen: Record<string, number>; clickedAt: number; watch(key: string, target: Target): void };
}

const keyOf = (target: Target) => JSON.stringify([target.selector, target.text ?? ""]);

/**
 * Installs, in every document of the context, an observer that notes the first frame in which
 * each watched target is on screen: checked on every DOM change, stamped at the next animation
 * frame (when it is painted), in the page's own clock, so no round trip to the browser counts.
 */
export async function installProbe(context: BrowserContext, targets: Target[] = []) {
  // Targets watched from the context's first document on (a new tab's sessionStorage is empty).
  if (targets.length > 0) {
    const entries = JSON.stringify(JSON.stringify(targets.map((target) => [keyOf(target), target])));
    await context.addInitScript({ content: `sessionStorage.getItem("__probe_targets") ?? sessionStorage.setItem("__probe_targets", ${entries});` });
  }
  // A string, not a function: tsx's transpiled functions call helpers (__name) the page does not have.
  await context.addInitScript({ content: PROBE_SCRIPT });
}

const PROBE_SCRIPT = `(() => {
  const targets = new Map(JSON.parse(sessionStorage.getItem("__probe_targets") ?? "[]"));
  const seen = {};
  const pending = new Set();
  const normalise = (s) => (s ?? "").replace(/\u00a0/g, " ");
  const check = () => {
    for (const [key, target] of targets) {
      if (key in seen || pending.has(key)) continue;
      const found = [...document.querySelectorAll(target.selector)].some(
        (el) => el.checkVisibility?.() !== false && (!target.text || normalise(el.textContent).includes(target.text)),
      );
      if (found) {
        pending.add(key);
        requestAnimationFrame(() => {
          seen[key] = performance.now();
          pending.delete(key);
        });
      }
    }
  };
  window.__probe = {
    seen,
    clickedAt: 0,
    watch(key, target) {
      delete seen[key];
      targets.set(key, target);
      sessionStorage.setItem("__probe_targets", JSON.stringify([...targets]));
      check();
    },
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

async function seenAt(page: Page, target: Target, after = 0): Promise<number> {
  const key = keyOf(target);
  const handle = await page.waitForFunction(
    ({ key, after }) => {
      const at = (window as unknown as ProbeWindow).__probe?.seen[key];
      return at !== undefined && at >= after ? at : null;
    },
    { key, after },
    { timeout: 30_000, polling: 20 },
  );
  return (await handle.jsonValue()) as number;
}

/** Watches these targets in this tab from now on, from the start of every document (kept in sessionStorage). */
export async function watchTargets(page: Page, targets: Target[]) {
  for (const target of targets) {
    await page.evaluate(({ key, target }) => (window as unknown as ProbeWindow).__probe.watch(key, target), { key: keyOf(target), target });
  }
}

/** Full load of `path` until `target` (watched beforehand) shows, from the navigation's start; `sameNavigation` reads the page already loaded. */
export async function timeLoad(page: Page, path: string, target: Target, { sameNavigation = false } = {}): Promise<number> {
  if (!sameNavigation) await page.goto(path, { waitUntil: "commit" });
  return seenAt(page, target);
}

/** How long the pointer rests on a link before the click, as a person's does (what the console's hover prefetch can use). */
export const HOVER_MS = 100;

/**
 * Hovers `selector` (a link of the console) for `hoverMs` (HOVER_MS unless told), clicks it and
 * times from the click until `target` shows, in-app. With no selector, times from the previous
 * click (the second stage of the same navigation).
 */
export async function timeClick(page: Page, selector: string | null, target: Target, { hoverMs = HOVER_MS } = {}): Promise<number> {
  const key = keyOf(target);
  if (selector) {
    await page.hover(selector);
    if (hoverMs > 0) await page.waitForTimeout(hoverMs);
  }
  const clickedAt = await page.evaluate(
    ({ selector, key, target }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      if (selector) {
        const link = document.querySelector<HTMLElement>(selector);
        if (!link) throw new Error(`nothing to click at ${selector}`);
        probe.clickedAt = performance.now();
        probe.watch(key, target);
        link.click();
      } else if (!(key in probe.seen)) {
        probe.watch(key, target);
      }
      return probe.clickedAt;
    },
    { selector, key, target },
  );
  return (await seenAt(page, target, clickedAt)) - clickedAt;
}
