"use client";

import Link from "next/link";

export type MemoryHistoryProps = {
  storeId: string;
  memoryId: string;
  /** The memory's current head version id, or null when the memory is deleted. */
  currentVersionId: string | null;
  /** The memory's current content (for diffing a version against it), or null when deleted. */
  currentContent: string | null;
  /** The viewer may restore and redact (role allows writing). */
  canWrite: boolean;
  /** The store is archived: restore is not possible (redaction still is). */
  archived: boolean;
};

/** Per-memory history: versions with actor, diff, restore, redact. (Placeholder until the history views land.) */
export function MemoryHistory({ storeId, memoryId }: MemoryHistoryProps) {
  return (
    <Link className="text-sm text-indigo-600 hover:underline" href={`/stores/${storeId}/versions?memory_id=${memoryId}`}>
      View this memory&apos;s history
    </Link>
  );
}
