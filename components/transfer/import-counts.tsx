export type ImportCountsProps = { counts: Record<string, number>; dryRun?: boolean };

const LABELS: [key: string, would: string, did: string][] = [
  ["create", "to create", "created"],
  ["overwrite", "to overwrite", "overwritten"],
  ["skip", "to skip (exist)", "skipped (existed)"],
  ["unchanged", "already the same", "already the same"],
  ["refused", "with problems", "left out (problems)"],
  ["versions", "versions", "versions"],
];

/** An import's counts per action, as a preview ("to create") or a summary ("created"). */
export function ImportCounts({ counts, dryRun }: ImportCountsProps) {
  const shown = LABELS.filter(([key]) => (counts[key] ?? 0) > 0 || key === "create");
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1" aria-label={dryRun ? "Preview counts" : "Import summary"}>
      {shown.map(([key, would, did]) => (
        <div key={key} className="flex items-baseline gap-1.5">
          <dt className="sr-only">{dryRun ? would : did}</dt>
          <dd className={`text-lg font-semibold ${key === "refused" ? "text-red-700" : "text-slate-900"}`}>{(counts[key] ?? 0).toLocaleString()}</dd>
          <span aria-hidden className="text-slate-500">
            {dryRun ? would : did}
          </span>
        </div>
      ))}
    </dl>
  );
}
