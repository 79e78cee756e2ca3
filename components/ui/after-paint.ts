/**
 * Runs `work` once the browser is idle (or at the latest after `timeout` ms), and returns how to
 * call it off. Safari has no requestIdleCallback: there it runs after the next frame.
 */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  return afterNextPaint(work);
}

/**
 * Runs `work` after the browser has painted the next frame (a task queued from that frame's
 * animation callback): what a page has just rendered is on screen before `work` holds the main
 * thread. Returns how to call it off.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
  };
}
