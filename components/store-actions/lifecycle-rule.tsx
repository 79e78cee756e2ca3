"use client";

import { useState, type FormEvent } from "react";
import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { countOf, formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { QueryState } from "@/components/ui/states.tsx";
import { useSetStoreLifecycle, useStoreLifecycle } from "@/lib/queries/use-store-actions.ts";

/** Stores of the preview shown here; the count covers them all. */
const SHOWN = 10;

/**
 * The workspace's lifecycle rule (GET/POST /v1/store_lifecycle): archive stores idle for N days,
 * off by default, with what the next sweep (every ten minutes) would archive now.
 */
export function LifecycleRule() {
  const rule = useStoreLifecycle();
  const set = useSetStoreLifecycle();
  const [days, setDays] = useState<string | null>(null);
  const current = rule.data?.archive_after_idle_days ?? null;
  const typed = days ?? (current === null ? "" : String(current));
  const error = typed !== "" && !/^\d+$/.test(typed.trim()) ? "A whole number of days, or empty to leave the rule off." : null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    set.mutate(typed.trim() === "" ? null : Number(typed.trim()), { onSuccess: () => setDays(null) });
  };
  const due = rule.data?.next_sweep;
  return (
    <Card className="mb-4 p-4">
      <h2 className="text-base font-semibold text-slate-900">Lifecycle rule</h2>
      <QueryState isLoading={rule.isLoading} error={rule.error} isEmpty={false}>
        <p className="mt-1 text-sm text-slate-600" data-testid="lifecycle-state">
          {current === null
            ? "Off: no store is archived automatically."
            : `On: stores with no memory written for ${countOf(current, "day", "days")} are archived by the sweep that runs every ten minutes, with a report like a manual archival.`}
        </p>
        <form onSubmit={save} aria-label="Lifecycle rule" className="mt-3 flex flex-wrap items-end gap-2">
          <div className="w-64 max-w-full">
            <Field label="Archive stores idle for (days)" htmlFor="lifecycle-days" error={error}>
              <Input id="lifecycle-days" inputMode="numeric" value={typed} placeholder="off" onChange={(e) => setDays(e.target.value)} />
            </Field>
          </div>
          <Button type="submit" disabled={set.isPending || !!error}>
            {set.isPending ? "Saving…" : "Save"}
          </Button>
          {current !== null && (
            <Button variant="secondary" disabled={set.isPending} onClick={() => set.mutate(null, { onSuccess: () => setDays(null) })}>
              Turn off
            </Button>
          )}
        </form>
        {set.error && <ErrorAlert error={set.error} />}
        {due && current !== null && (
          <div className="mt-3 text-sm text-slate-700" data-testid="lifecycle-preview">
            <p>
              The next sweep would archive <strong>{countOf(due.store_count, "store", "stores")}</strong>
              {due.store_count > 0 ? ":" : "."}
            </p>
            {due.stores.length > 0 && (
              <ul className="mt-1 space-y-0.5">
                {due.stores.slice(0, SHOWN).map((s) => (
                  <li key={s.memory_store_id} className="flex flex-wrap gap-x-2">
                    <PrefetchLink href={`/stores/${s.memory_store_id}`} className="text-indigo-700 hover:underline">
                      {s.name}
                    </PrefetchLink>
                    <span className="text-xs text-slate-500">
                      {formatBytes(s.content_bytes)} · last write {s.last_memory_write_at ? <LocalTime iso={s.last_memory_write_at} /> : "never"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {due.store_count > SHOWN && (
              <p className="mt-1 text-xs text-slate-500">
                And {(due.store_count - SHOWN).toLocaleString("en-US")} more: the stores page lists them all with{" "}
                <PrefetchLink className="text-indigo-700 underline" href={`/stores?idle=${current}&sort=last_memory_write_at&order=asc`}>
                  this filter
                </PrefetchLink>
                .
              </p>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
