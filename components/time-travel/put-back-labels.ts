import type { PutBackItem } from "@/lib/queries/types.ts";

type Action = PutBackItem["action"];
type Outcome = PutBackItem["outcome"];

/** What a restore or revert does to each memory, in the order the dry run lists them. */
export const ACTIONS: readonly Action[] = ["create", "modify", "move", "delete", "conflict", "skip", "unchanged"];

export const ACTION_LABEL: Record<Action, string> = {
  create: "Created again",
  modify: "Changed back",
  move: "Moved back",
  delete: "Deleted",
  unchanged: "Already as it was",
  skip: "Skipped",
  conflict: "Left alone (changed by someone else since)",
};

export const ACTION_TONE = {
  create: "green",
  modify: "indigo",
  move: "indigo",
  delete: "red",
  unchanged: "gray",
  skip: "amber",
  conflict: "amber",
} as const satisfies Record<Action, string>;

export const OUTCOME_LABEL: Record<Outcome, string> = {
  planned: "planned",
  left: "left as it is",
  done: "done",
  late: "changed after the dry run: left",
  blocked: "blocked: its path was taken",
  skipped: "skipped",
  gone: "gone",
};

/** The path an item is shown under: where it goes back to, else where it is. */
export const itemPath = (item: PutBackItem) => item.target?.path ?? item.seen?.path ?? item.memory_id;

/** Items not carried out as planned: a new dry run may pick them up. */
export const leftOver = (items: readonly PutBackItem[]) => items.filter((i) => i.outcome === "late" || i.outcome === "blocked").length;
