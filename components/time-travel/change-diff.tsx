"use client";

import { Spinner } from "@/components/ui/states.tsx";
import type { StoreChange } from "@/lib/queries/types.ts";
import { useVersion } from "@/lib/queries/use-versions.ts";
import { lineDiff } from "./line-diff.ts";

const ROW_TONE = { same: "", added: "bg-emerald-50 text-emerald-900", removed: "bg-red-50 text-red-900" } as const;
const SIGN = { same: " ", added: "+", removed: "-" } as const;

type Side = StoreChange["before"];

/** One side's text: null while loading; "" for no side (added or deleted); erased when redacted. */
function useSideText(storeId: string, side: Side): { text: string | null; erased?: boolean; error?: Error | null } {
  const readable = side !== null && !side.redacted;
  const version = useVersion(storeId, readable ? side.memory_version_id : null);
  if (side === null) return { text: "" };
  if (side.redacted) return { text: null, erased: true };
  if (version.error) return { text: null, error: version.error };
  return { text: version.data ? (version.data.content ?? "") : null };
}

/** A change's diff inline, as a compare view on a code host shows it: a plain line diff that fits a phone. */
export function ChangeDiff({ storeId, change }: { storeId: string; change: StoreChange }) {
  const before = useSideText(storeId, change.before);
  const after = useSideText(storeId, change.after);
  if (before.error || after.error) return <p className="px-3 py-2 text-xs text-red-700">{(before.error ?? after.error)!.message}</p>;
  // An erased side has no text to compare with: a diff against nothing would show every line of the other side as the change.
  if (before.erased || after.erased) {
    const which = before.erased && after.erased ? "Both sides" : before.erased ? "Before" : "After";
    return (
      <p className="px-3 py-2 text-xs text-amber-800" data-testid="change-erased">
        {which}: content erased in this version (redacted since), so there is nothing to compare.
      </p>
    );
  }
  if (before.text === null || after.text === null) return <Spinner label="Loading the diff…" />;
  if (before.text === after.text) return <p className="px-3 py-2 text-xs text-slate-500">Same content: only the path changed.</p>;
  const rows = lineDiff(before.text, after.text);
  return (
    <div>
      <pre className="overflow-x-auto whitespace-pre-wrap break-words font-mono text-xs leading-5" data-testid="change-diff">
        {rows.map((row, i) =>
          row.kind === "gap" ? (
            <div key={i} className="bg-slate-50 px-3 text-slate-500">
              … {row.count} unchanged {row.count === 1 ? "line" : "lines"}
            </div>
          ) : (
            <div key={i} className={`flex ${ROW_TONE[row.kind]}`}>
              <span className="w-8 shrink-0 select-none pr-1 text-right text-slate-400">{row.oldLine ?? ""}</span>
              <span className="w-8 shrink-0 select-none pr-1 text-right text-slate-400">{row.newLine ?? ""}</span>
              <span className="w-4 shrink-0 select-none text-center" aria-hidden>
                {SIGN[row.kind]}
              </span>
              {row.kind !== "same" && <span className="sr-only">{row.kind}: </span>}
              <span className="min-w-0 flex-1 pr-3">{row.text || " "}</span>
            </div>
          ),
        )}
      </pre>
    </div>
  );
}
