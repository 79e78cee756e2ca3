/**
 * An export's file name: the store's name as a slug and the day, `team-notes-2026-12-01.jsonl`,
 * so downloads of several stores tell themselves apart. Only `a-z 0-9 -` survive (accents
 * folded, anything else a dash, at most 60 characters); a name with none of them falls back to
 * the store's id. Safe in a quoted Content-Disposition filename as it is.
 */
export function exportFileName(store: { id: string; name: string }, format: string, at: Date = new Date()): string {
  const slug = store.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || store.id}-${at.toISOString().slice(0, 10)}.${format}`;
}
