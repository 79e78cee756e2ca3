import type { Erasure } from "@/lib/queries/types.ts";

/** Before (what the dry run found) and after (what still holds the text once erased). */
export function ErasureCounts({ erasure }: { erasure: Erasure }) {
  const { memories_before, versions_before, memories_after, versions_after } = erasure.counts;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="erasure-counts">
      <Count label="Current memories found" value={memories_before} />
      <Count label="Versions found" value={versions_before} />
      <Count label="Memories holding it after" value={memories_after} />
      <Count label="Versions holding it after" value={versions_after} />
    </dl>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value ?? "—"}</dd>
    </div>
  );
}
