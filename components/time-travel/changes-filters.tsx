"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import type { ActivityPrincipal } from "@/lib/queries/types.ts";
import { fromLocalValue, localValue, presetWindow } from "./moments.ts";
import { paramValue, parseParamValue, principalLabel, principalParam, type PrincipalParam } from "./principal-filter.ts";

export type ChangesWindow = { from: string; to: string | null; principal: PrincipalParam | null };

export type ChangesFiltersProps = ChangesWindow & { principals: readonly ActivityPrincipal[]; onApply: (window: ChangesWindow) => void };

const PRESETS = [
  ["hour", "Last hour"],
  ["day", "Last 24 h"],
  ["yesterday", "Yesterday"],
  ["week", "Last 7 days"],
] as const;

/** From and to (empty: now), presets, and who wrote (every session, key and user the store's activity names). */
export function ChangesFilters({ from, to, principal, principals, onApply }: ChangesFiltersProps) {
  const [fromValue, setFrom] = useState(localValue(from));
  const [toValue, setTo] = useState(to ? localValue(to) : "");
  const [who, setWho] = useState(paramValue(principal));
  const options = principals.flatMap((p) => {
    const param = principalParam(p);
    return param ? [{ value: paramValue(param), label: principalLabel(p) }] : [];
  });
  if (who && !options.some((o) => o.value === who)) options.unshift({ value: who, label: who.replace("=", " ") });
  const input = "w-full rounded-md border border-slate-300 px-2 py-1 text-sm sm:w-auto";
  return (
    <form
      aria-label="Changes between two moments"
      className="mb-4 space-y-3 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        // A field left as it was keeps the moment to the millisecond (the field shows seconds).
        const moment = (value: string, was: string | null) => (was && value === localValue(was) ? was : fromLocalValue(value));
        if (fromValue) onApply({ from: moment(fromValue, from), to: toValue ? moment(toValue, to) : null, principal: parseParamValue(who) });
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex w-full flex-col gap-1 text-slate-600 sm:w-auto">
          From
          <input type="datetime-local" step={1} required value={fromValue} onChange={(e) => setFrom(e.target.value)} className={input} />
        </label>
        <label className="flex w-full flex-col gap-1 text-slate-600 sm:w-auto">
          To (empty: now)
          <input type="datetime-local" step={1} value={toValue} onChange={(e) => setTo(e.target.value)} className={input} />
        </label>
        <label className="flex w-full min-w-0 flex-col gap-1 text-slate-600 sm:w-64">
          Written by
          <select value={who} onChange={(e) => setWho(e.target.value)} className="w-full min-w-0 rounded-md border border-slate-300 px-2 py-1 text-sm">
            <option value="">anyone</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          Show changes
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-500">Since:</span>
        {PRESETS.map(([preset, label]) => (
          <Button
            key={preset}
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => onApply({ ...presetWindow(preset), principal: parseParamValue(who) })}
          >
            {label}
          </Button>
        ))}
      </div>
    </form>
  );
}
