import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";

export type DryRunListProps<Item> = {
  items: readonly Item[];
  /** The list's accessible name ("To delete"). */
  label: string;
  /** What to say when the dry run found nothing. */
  empty: string;
  /** How many to show; the report has them all. */
  shown: number;
  itemKey: (item: Item) => string;
  children: (item: Item) => ReactNode;
};

/** What a bulk operation's dry run found, above its typed confirmation: the first items, and how many more the report lists. */
export function DryRunList<Item>({ items, label, empty, shown, itemKey, children }: DryRunListProps<Item>) {
  if (items.length === 0) return <Alert tone="info">{empty}</Alert>;
  return (
    <div className="max-h-60 overflow-y-auto rounded-md ring-1 ring-slate-200">
      <ul aria-label={label} className="divide-y divide-slate-100 text-xs">
        {items.slice(0, shown).map((item) => (
          <li key={itemKey(item)} className="flex flex-wrap gap-x-3 px-3 py-1.5">
            {children(item)}
          </li>
        ))}
      </ul>
      {items.length > shown && <p className="px-3 py-1.5 text-xs text-slate-500">… and {items.length - shown} more (all of them are in the report).</p>}
    </div>
  );
}
