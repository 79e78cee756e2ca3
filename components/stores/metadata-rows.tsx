"use client";

import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";

export type MetadataRow = { id: number; key: string; value: string };

export type MetadataRowsProps = { rows: MetadataRow[]; onChange: (rows: MetadataRow[]) => void; error?: string | null };

let nextId = 1;
export const metadataRow = (key = "", value = ""): MetadataRow => ({ id: nextId++, key, value });

/** Key/value rows of a store's metadata (a store holds at most 16 pairs). */
export function MetadataRows({ rows, onChange, error }: MetadataRowsProps) {
  const update = (id: number, change: Partial<MetadataRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const duplicates = rows.filter((row, i) => row.key && rows.findIndex((r) => r.key === row.key) !== i).map((row) => row.key);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Metadata</legend>
      {rows.map((row, i) => (
        <div key={row.id} className="flex gap-2">
          <Input aria-label={`Metadata key ${i + 1}`} placeholder="key" value={row.key} onChange={(e) => update(row.id, { key: e.target.value })} />
          <Input aria-label={`Metadata value ${i + 1}`} placeholder="value" value={row.value} onChange={(e) => update(row.id, { value: e.target.value })} />
          <Button variant="ghost" size="sm" aria-label={`Remove metadata ${i + 1}`} onClick={() => onChange(rows.filter((r) => r.id !== row.id))}>
            ✕
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" disabled={rows.length >= LIMITS.metadataPairs} onClick={() => onChange([...rows, metadataRow()])}>
        Add key
      </Button>
      {error || duplicates.length > 0 ? (
        <p className="text-xs text-red-600" role="alert">
          {error ?? `Each key may appear once (repeated: ${duplicates.join(", ")}).`}
        </p>
      ) : (
        <p className="text-xs text-slate-500">
          Up to {LIMITS.metadataPairs} pairs; keys 1–{LIMITS.metadataKeyChars} characters, values up to {LIMITS.metadataValueChars}. Empty rows are ignored.
        </p>
      )}
    </fieldset>
  );
}

/** Rows as the API's metadata object (blank rows dropped; the API judges the rest); null when a key repeats. */
export function metadataOf(rows: MetadataRow[]): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  for (const row of rows) {
    if (!row.key && !row.value) continue;
    if (row.key in metadata) return null;
    metadata[row.key] = row.value;
  }
  return metadata;
}
