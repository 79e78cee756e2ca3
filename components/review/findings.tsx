import { Badge } from "@/components/ui/badge.tsx";
import type { ReviewItem } from "@/lib/queries/review-types.ts";

const CLASS_LABEL = { secrets: "secret", pii: "personal data", instructions: "instructions to the model" } as const;

/** A row's marker: the write policy held this change for what it found. */
export function FindingsBadge({ findings }: { findings: ReviewItem["findings"] }) {
  if (findings.length === 0) return null;
  const classes = [...new Set(findings.map((f) => CLASS_LABEL[f.class]))];
  return (
    <Badge tone="red" title={findings.map((f) => `${f.description}, line ${f.line}`).join("\n")}>
      held: {classes.join(", ")}
    </Badge>
  );
}

/** What the write policy's detectors found, one line each: the kind, the rule and the line (never the text). */
export function FindingsList({ findings }: { findings: ReviewItem["findings"] }) {
  if (findings.length === 0) return null;
  return (
    <div className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-inset ring-red-200" data-testid="review-findings">
      <p className="font-medium">Held by the store&apos;s write policy: check before approving.</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {findings.map((f, i) => (
          <li key={i}>
            {f.description} on line {f.line}{" "}
            <span className="font-mono text-xs text-red-700">
              ({f.class}/{f.rule})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
