import { Badge } from "@/components/ui/badge.tsx";
import type { PutBack } from "@/lib/queries/types.ts";
import { ACTION_LABEL, ACTION_TONE, ACTIONS } from "./put-back-labels.ts";

/** A restore's or revert's counts by action, the ones that are not zero. */
export function PutBackCounts({ plan }: { plan: Pick<PutBack, "counts"> }) {
  const shown = ACTIONS.filter((a) => plan.counts[a] > 0);
  if (shown.length === 0) return <p className="text-sm text-slate-600">Nothing to put back: the memories are already as they were.</p>;
  return (
    <ul aria-label="Counts" className="flex flex-wrap gap-2 text-sm">
      {shown.map((a) => (
        <li key={a}>
          <Badge tone={ACTION_TONE[a]}>
            {ACTION_LABEL[a]}: {plan.counts[a]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
