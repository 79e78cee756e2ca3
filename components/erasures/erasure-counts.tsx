import { Counts } from "@/components/ui/counts.tsx";
import type { Erasure } from "@/lib/queries/types.ts";

/** Before (what the dry run found) and after (what still holds the text once erased). */
export function ErasureCounts({ erasure }: { erasure: Erasure }) {
  const { memories_before, versions_before, memories_after, versions_after } = erasure.counts;
  return (
    <Counts
      testId="erasure-counts"
      counts={[
        { label: "Current memories found", value: memories_before },
        { label: "Versions found", value: versions_before },
        { label: "Memories holding it after", value: memories_after },
        { label: "Versions holding it after", value: versions_after },
      ]}
    />
  );
}
