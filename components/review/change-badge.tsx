import { Badge } from "@/components/ui/badge.tsx";
import type { ReviewChange } from "@/lib/queries/review-types.ts";

const TONE = { created: "green", modified: "indigo", renamed: "amber", deleted: "red", stale: "gray" } as const;

/** The combined change from the settled version to the head. */
export function ChangeBadge({ change }: { change: ReviewChange }) {
  return <Badge tone={TONE[change]}>{change}</Badge>;
}
