"use client";

import { ExposedSessions } from "@/components/time-travel/exposed-sessions.tsx";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "@/components/ui/field.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { Erasure, ErasureMatches } from "@/lib/queries/types.ts";
import { useExecuteErasure, useFindErasureMatches, usePlanErasure, type ErasurePattern } from "@/lib/queries/use-erasures.ts";
import { useStores } from "@/lib/queries/use-stores.ts";
import { EraseActionFields, type EraseAction } from "./erase-action-fields.tsx";
import { ErasureCounts } from "./erasure-counts.tsx";
import { ErasureMemoryList } from "./erasure-memory-list.tsx";
import { MatchList } from "./match-list.tsx";

type PatternType = ErasurePattern["type"];
const TYPES: { value: PatternType; label: string }[] = [
  { value: "email", label: "E-mail addresses" },
  { value: "phone", label: "Phone numbers" },
  { value: "literal", label: "A list of texts" },
  { value: "regex", label: "A regular expression (RE2)" },
];

/**
 * Pattern erase: find every distinct match of a detector (e-mail addresses, phone numbers, a
 * list of texts, an RE2 regular expression) with its counts, tick which to erase, see the dry
 * run memory by memory grouped by store, type its confirmation, erase, and read the report.
 * The erase takes exactly the values ticked; nothing changes before the confirmation.
 */
export function PatternErase() {
  const stores = useStores({ includeArchived: true });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  const storeNames = new Map(storeList.map((s) => [s.id, s.name]));
  const find = useFindErasureMatches();
  const plan = usePlanErasure();
  const execute = useExecuteErasure();
  const [type, setType] = useState<PatternType>("email");
  const [literals, setLiterals] = useState("");
  const [regex, setRegex] = useState("");
  const [storeIds, setStoreIds] = useState<string[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<EraseAction>("replace");
  const [marker, setMarker] = useState("[erased]");
  const found: ErasureMatches | undefined = find.data;
  const planned: Erasure | undefined = plan.data;
  const report: Erasure | undefined = execute.data;
  const confirmation = useTypedConfirmation(planned?.confirmation ?? "");
  const values = found ? found.matches.map((m) => m.value).filter((v) => picked.has(v)) : [];

  const pattern = (): ErasurePattern =>
    type === "literal"
      ? {
          type,
          values: literals
            .split("\n")
            .map((l) => l.trim())
            .filter(Boolean),
        }
      : type === "regex"
        ? { type, regex }
        : { type };
  const startOver = () => {
    find.reset();
    plan.reset();
    execute.reset();
    confirmation.reset();
    setPicked(new Set());
  };

  return (
    <Card className="mb-6 p-4 sm:p-6">
      <section aria-labelledby="pattern-erase-title" className="space-y-4 text-sm text-slate-700">
        <div>
          <h2 id="pattern-erase-title" className="text-base font-semibold text-slate-900">
            Find and erase a pattern
          </h2>
          <p>
            Look for every e-mail address, phone number, text of a list or match of a regular expression in current memories and their retained versions, pick
            which to erase, and erase them in one reviewed run with one report. Nothing changes until you confirm.
          </p>
        </div>

        {!found && (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              find.mutate({ pattern: pattern(), memory_store_ids: storeIds.length ? storeIds : null });
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Look for" htmlFor="pattern-type">
                <Select id="pattern-type" value={type} onChange={(e) => setType(e.target.value as PatternType)}>
                  {TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <fieldset className="min-w-0 space-y-1">
                <legend className="block text-sm font-medium text-slate-700">In stores</legend>
                <div className="max-h-32 space-y-1 overflow-y-auto rounded-md p-2 ring-1 ring-slate-200">
                  {storeList.map((s) => (
                    <label key={s.id} className="flex min-w-0 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={storeIds.includes(s.id)}
                        onChange={(e) => setStoreIds(e.target.checked ? [...storeIds, s.id] : storeIds.filter((id) => id !== s.id))}
                      />
                      <span className="truncate">{s.name}</span>
                    </label>
                  ))}
                </div>
                <p className="text-xs text-slate-500">None ticked: every store.</p>
              </fieldset>
            </div>
            {type === "literal" && (
              <Field label="Texts, one per line" htmlFor="pattern-literals" hint="Each at least 3 characters; case is ignored.">
                <Textarea id="pattern-literals" rows={4} value={literals} onChange={(e) => setLiterals(e.target.value)} className="font-mono" />
              </Field>
            )}
            {type === "regex" && (
              <Field
                label="Regular expression"
                htmlFor="pattern-regex"
                hint="RE2 syntax (linear time: no back-references or look-ahead); (?i) ignores case. Each match is at most 128 characters."
              >
                <Input
                  id="pattern-regex"
                  value={regex}
                  onChange={(e) => setRegex(e.target.value)}
                  className="font-mono"
                  autoComplete="off"
                  spellCheck={false}
                />
              </Field>
            )}
            {find.error && <Alert>{find.error.message}</Alert>}
            <Button type="submit" disabled={find.isPending}>
              {find.isPending ? "Looking…" : "Find matches"}
            </Button>
          </form>
        )}

        {found && !planned && (
          <>
            {!found.complete && (
              <Alert tone="warning" title="Stopped before the end">
                The search ran out of time after {found.scanned_versions.toLocaleString()} versions: the list is partial. Erase these, then look again, or
                narrow the stores.
              </Alert>
            )}
            {found.truncated && <Alert tone="warning">More distinct matches exist than are listed; erase these, then look again.</Alert>}
            {found.matches.length === 0 ? (
              <Alert tone="info">Nothing matches in {found.scanned_versions.toLocaleString()} versions.</Alert>
            ) : (
              <MatchList found={found} picked={picked} onPick={setPicked} />
            )}
            <EraseActionFields
              name="pattern-erase-action"
              what={{ legend: "a picked value", hint: "a value" }}
              action={action}
              onAction={setAction}
              marker={marker}
              onMarker={setMarker}
            />
            {plan.error && <Alert>{plan.error.message}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={values.length === 0 || plan.isPending}
                onClick={() =>
                  plan.mutate({
                    values,
                    pattern_type: found.pattern_type,
                    memory_store_ids: found.memory_store_ids,
                    action,
                    ...(action === "replace" && { marker }),
                  })
                }
              >
                {plan.isPending ? "Looking…" : `Preview the erase of ${values.length.toLocaleString()} ${values.length === 1 ? "value" : "values"}`}
              </Button>
              <Button variant="secondary" onClick={startOver}>
                Look for something else
              </Button>
            </div>
          </>
        )}

        {planned && !report && (
          <>
            <h3 className="font-medium text-slate-900">Dry run: what the erase will do</h3>
            <ErasureCounts erasure={planned} />
            <ExposedSessions sessions={planned.exposed_sessions} done={false} />
            <ErasureMemoryList erasure={planned} storeNames={storeNames} />
            {planned.counts.versions_before === 0 ? (
              <Alert tone="info">Nothing holds these values any more: there is nothing to erase.</Alert>
            ) : (
              <>
                <TypedConfirmation state={confirmation} id="pattern-erase-confirm" hint="This cannot be undone." />
                {execute.error && <Alert>{execute.error.message}</Alert>}
              </>
            )}
            <div className="flex flex-wrap gap-2">
              {planned.counts.versions_before > 0 && (
                <Button
                  variant="danger"
                  disabled={!confirmation.confirmed || execute.isPending}
                  onClick={() => execute.mutate({ erasureId: planned.id, values, confirmation: confirmation.typed })}
                >
                  {execute.isPending ? "Erasing…" : `Erase ${values.length.toLocaleString()} ${values.length === 1 ? "value" : "values"}`}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  plan.reset();
                  confirmation.reset();
                }}
              >
                Back to the matches
              </Button>
            </div>
          </>
        )}

        {report && (
          <>
            <Alert tone={report.counts.versions_after ? "warning" : "success"} title={report.counts.versions_after ? "Erased what the dry run saw" : "Erased"}>
              {report.counts.versions_after
                ? `${report.counts.versions_after} version(s) written since the dry run still hold a value; they are in the report. Look again to erase them.`
                : "Searching for the erased values finds nothing now."}
            </Alert>
            <ErasureCounts erasure={report} />
            <ExposedSessions sessions={report.exposed_sessions} done />
            <ErasureMemoryList erasure={report} storeNames={storeNames} />
            <div className="flex flex-wrap gap-2">
              <Link href={`/erasures/${report.id}`} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
                Open the report
              </Link>
              <Button variant="secondary" onClick={startOver}>
                Find another pattern
              </Button>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
