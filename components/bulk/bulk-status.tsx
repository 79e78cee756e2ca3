import { Badge } from "@/components/ui/badge.tsx";

export type BulkStatus = "planned" | "running" | "completed";

const LABEL: Record<BulkStatus, string> = { planned: "dry run", running: "running", completed: "completed" };
const TONE = { planned: "gray", running: "amber", completed: "green" } as const;
const TITLE: Record<BulkStatus, string> = {
  planned: "Nothing has been done yet: the dry run waits for its confirmation.",
  running: "Started and not finished: still running, or interrupted.",
  completed: "Carried out; every item says what happened to it.",
};

/** Where a bulk operation (erase, bulk delete, and those to come) is in its lifecycle. */
export function BulkStatusBadge({ status }: { status: BulkStatus }) {
  return (
    <Badge tone={TONE[status]} title={TITLE[status]}>
      {LABEL[status]}
    </Badge>
  );
}
