import type { PolicyFinding, SavedMemory } from "@/lib/queries/types.ts";

/** What each detector class found, as a person reads it (the server's refusals say the same: guard-write.ts). */
const WHAT: Record<PolicyFinding["class"], string> = {
  secrets: "a secret",
  pii: "personal data",
  instructions: "an instruction addressed to the model",
};

/** Past this many, the rest is counted: the review inbox lists them all. */
const NAMED = 3;

/**
 * The status after a save: "Saved", or, when the store's write policy held the write for review
 * (the answer's `write_policy_findings`), "Saved — held for review: a secret on line 3". The
 * save did land; a reviewer decides whether it stays.
 */
export function savedStatus(findings: readonly PolicyFinding[] | undefined): string {
  if (!findings || findings.length === 0) return "Saved";
  const seen = new Set<string>();
  const named: string[] = [];
  for (const f of findings) {
    const said = `${WHAT[f.class]} on line ${f.line}`;
    if (!seen.has(said)) named.push(said);
    seen.add(said);
  }
  const more = named.length - NAMED;
  const list = named.slice(0, NAMED).join(", ") + (more > 0 ? ` and ${more} more` : "");
  return `Saved — held for review: ${list}`;
}

/**
 * The line beside Save. A held save is amber, as everything awaiting review is
 * (docs/visual-language.md), and a live region, so a screen reader hears it too.
 */
export function SaveStatus({ pending, dirty, saved }: { pending: boolean; dirty: boolean; saved: SavedMemory | undefined }) {
  const held = !pending && !dirty && (saved?.write_policy_findings?.length ?? 0) > 0;
  const text = pending ? "Saving…" : dirty ? "Unsaved changes" : saved ? savedStatus(saved.write_policy_findings) : "No changes";
  return (
    <span role="status" className={`text-sm ${held ? "font-medium text-amber-800" : "text-slate-600"}`} data-testid="save-status">
      {text}
    </span>
  );
}
