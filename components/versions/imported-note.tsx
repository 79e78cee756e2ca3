"use client";

import { LocalTime } from "@/components/ui/local-time.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { ActorLabel } from "./actor-name.tsx";
import { formatVersionTime } from "./version-format.ts";

const SOURCES: Record<string, string> = {
  jsonl: "a JSON Lines export",
  zip: "a zip archive",
  "tar.gz": "a tar.gz archive",
  folder: "a folder",
};

/**
 * Where a version came from when an import wrote it: who imported it, from what, when, and what
 * the file says about its author, so that an imported history never reads as written here.
 */
export function ImportedNote({ version }: { version: MemoryVersion }) {
  const imported = version.imported;
  if (!imported) return null;
  // A store copy's version (POST /v1/store_copies, a store batch's template): where it was copied from, by whom and when.
  if (imported.copied_from_memory_store_id) {
    return (
      <span className="mt-1 block text-xs text-amber-800" data-testid="imported-note">
        Copied from <span className="font-mono">{imported.copied_from_memory_store_id}</span> by <ActorLabel actor={imported.imported_by} /> on{" "}
        <LocalTime iso={imported.imported_at} format={formatVersionTime} /> (<span className="font-mono">{imported.import_id}</span>); its history there was not
        copied.
      </span>
    );
  }
  return (
    <span className="mt-1 block text-xs text-amber-800" data-testid="imported-note">
      Imported by <ActorLabel actor={imported.imported_by} /> from {SOURCES[imported.source] ?? imported.source} (
      <span className="font-mono">{imported.import_id}</span>) on <LocalTime iso={imported.imported_at} format={formatVersionTime} />
      {imported.claimed_created_by || imported.claimed_created_at ? (
        <>
          ; file says written by <ActorLabel actor={imported.claimed_created_by} />
          {imported.claimed_created_at && (
            <>
              {" "}
              on <LocalTime iso={imported.claimed_created_at} format={formatVersionTime} />
            </>
          )}
          {imported.attribution === "file" && <> (an admin&apos;s import: shown as its author)</>}
        </>
      ) : null}
      .
    </span>
  );
}
