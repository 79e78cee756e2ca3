"use client";

import { Field, Input } from "@/components/ui/field.tsx";

export type EraseAction = "replace" | "delete";

/**
 * What an erase does to each current memory that holds the text: the same choice, worded alike,
 * in the search page's "Erase this text…" dialog and the pattern erase.
 */
export function EraseActionFields({
  name,
  what,
  action,
  onAction,
  marker,
  onMarker,
}: {
  /** The radio group's name; the marker's input id derives from it. */
  name: string;
  /** How the erased text is named in the legend and hint: "it", "a picked value". */
  what: { legend: string; hint: string };
  action: EraseAction;
  onAction: (action: EraseAction) => void;
  marker: string;
  onMarker: (marker: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">In each current memory that holds {what.legend}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={action === "replace"} onChange={() => onAction("replace")} />
        replace it with a marker, as a new version
      </label>
      {action === "replace" && (
        <div className="ml-6 max-w-xs">
          <Field label="Marker" htmlFor={`${name}-marker`} hint={`A memory whose path holds ${what.hint} is deleted instead.`}>
            <Input id={`${name}-marker`} value={marker} onChange={(e) => onMarker(e.target.value)} className="font-mono" />
          </Field>
        </div>
      )}
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={action === "delete"} onChange={() => onAction("delete")} />
        delete the memory
      </label>
    </fieldset>
  );
}
