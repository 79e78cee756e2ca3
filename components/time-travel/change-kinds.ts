import type { StoreChange } from "@/lib/queries/types.ts";

/** How each kind of change reads, and its badge's tone. */
export const CHANGE_KIND = {
  added: ["added", "green"],
  deleted: ["deleted", "red"],
  modified: ["modified", "indigo"],
  moved: ["moved", "amber"],
  moved_and_modified: ["moved and modified", "amber"],
} as const satisfies Record<StoreChange["change"], readonly [string, string]>;

export type ChangeKind = keyof typeof CHANGE_KIND;
export const CHANGE_KINDS = Object.keys(CHANGE_KIND) as ChangeKind[];

/** "3 modified, 10 added": the kinds with any changes, in a fixed order. */
export function countsPhrase(counts: Record<ChangeKind, number>): string {
  return CHANGE_KINDS.filter((k) => counts[k] > 0)
    .map((k) => `${counts[k].toLocaleString("en-US")} ${CHANGE_KIND[k][0]}`)
    .join(", ");
}
