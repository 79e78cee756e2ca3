/**
 * A path shortened in the middle ("/projects/alpha/…/2026/plan.md"), never at the end: the file
 * name is the part people read. The full path is the tooltip and what screen readers and text
 * search see; the shortened one is only drawn. Counts code points, so no character is split.
 */
export function MiddleTruncate({ text, max = 56, className = "" }: { text: string; max?: number; className?: string }) {
  const chars = [...text];
  if (chars.length <= max) {
    return (
      <span className={className} title={text}>
        {text}
      </span>
    );
  }
  const end = Math.ceil((max - 1) * 0.6);
  const shown = `${chars.slice(0, max - 1 - end).join("")}…${chars.slice(-end).join("")}`;
  return (
    <span className={className} title={text} data-truncated="middle">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
