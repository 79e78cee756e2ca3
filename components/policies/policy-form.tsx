"use client";

import { LocalTime } from "@/components/ui/local-time.tsx";
import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "@/components/ui/field.tsx";
import { useDryRunWritePolicy, useSaveWritePolicy, type WritePolicy, type WritePolicyFields } from "@/lib/queries/use-write-policies.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

type Detector = keyof WritePolicy["detectors"];
type Action = WritePolicy["detectors"][Detector];

const DETECTORS: { name: Detector; label: string; hint: string }[] = [
  { name: "secrets", label: "Secrets", hint: "API keys and tokens (cloud, Anthropic, OpenAI, GitHub, Slack…), private keys, JWTs, passwords in URLs." },
  { name: "pii", label: "Personal data", hint: "E-mail addresses, phone numbers, payment card numbers (Luhn-checked)." },
  { name: "instructions", label: "Instructions to the model", hint: '"Ignore previous instructions", chat role tags, invisible Unicode characters.' },
];
const ACTIONS: { value: Action; label: string }[] = [
  { value: "hold", label: "Hold for review" },
  { value: "refuse", label: "Refuse" },
  { value: "allow", label: "Allow" },
];

/** The form's text state: one glob per line, numbers as typed. */
interface Draft {
  detectors: WritePolicy["detectors"];
  protectedPaths: string;
  allowedPaths: string;
  maxContentBytes: string;
  maxMemories: string;
  expiry: string;
  unread: string;
  unreadAction: WritePolicy["unread_action"];
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

const rulesText = (rules: readonly { path: string; days: number }[]) => rules.map((r) => `${r.path} ${r.days}`).join("\n");

/** "glob days" lines as rules; a line that is not is sent as is, for the server to name. */
const rulesOf = (text: string) =>
  lines(text).map((line) => {
    const at = line.lastIndexOf(" ");
    return at === -1 ? { path: line, days: Number.NaN } : { path: line.slice(0, at).trim(), days: Number(line.slice(at + 1)) };
  });

function draftOf(policy: WritePolicy): Draft {
  return {
    detectors: policy.detectors,
    protectedPaths: policy.protected_paths.join("\n"),
    allowedPaths: (policy.allowed_paths ?? []).join("\n"),
    maxContentBytes: policy.max_content_bytes?.toString() ?? "",
    maxMemories: policy.max_memories_for_agents?.toString() ?? "",
    expiry: rulesText(policy.review_after_days),
    unread: rulesText(policy.unread_after_days),
    unreadAction: policy.unread_action,
  };
}

/** The draft as the API's fields; a line of the expiry list that is not "glob days" is sent as is, for the server to name. */
function fieldsOf(draft: Draft): WritePolicyFields {
  const number = (text: string) => (text.trim() === "" ? null : Number(text));
  return {
    detectors: draft.detectors,
    protected_paths: lines(draft.protectedPaths),
    allowed_paths: lines(draft.allowedPaths).length > 0 ? lines(draft.allowedPaths) : null,
    max_content_bytes: number(draft.maxContentBytes),
    max_memories_for_agents: number(draft.maxMemories),
    review_after_days: rulesOf(draft.expiry),
    unread_after_days: rulesOf(draft.unread),
    unread_action: draft.unreadAction,
  };
}

type TextField = Exclude<keyof Draft, "detectors" | "unreadAction">;

const TEXT_FIELDS: Record<TextField, { label: string; hint: string; lines: boolean }> = {
  protectedPaths: {
    label: "Protected paths",
    hint: "One glob per line, e.g. /policies/** — agents may not create, change, move or delete there.",
    lines: true,
  },
  allowedPaths: { label: "Allowed paths", hint: "One glob per line; empty: anywhere.", lines: true },
  maxContentBytes: { label: "Largest memory (bytes)", hint: "Empty: the API's 102,400.", lines: false },
  maxMemories: { label: "Most memories in the store", hint: "Empty: the API's 10,000.", lines: false },
  expiry: {
    label: "Review after days",
    hint: 'One rule per line, "glob days", e.g. "/** 90"; the last matching line wins. A memory unchanged that long waits in the inbox (keep or delete); these are never deleted on their own.',
    lines: true,
  },
  unread: {
    label: "Unread after days",
    hint: 'One rule per line, "glob days", e.g. "/notes/** 90": memories no agent has read (nor written) that long. People reading them in the console do not count.',
    lines: true,
  },
};

/** One of the draft's text fields: globs and rules one per line, caps as a number. */
function DraftText({ name, value, disabled, onChange }: { name: TextField; value: string; disabled: boolean; onChange: (value: string) => void }) {
  const { label, hint, lines } = TEXT_FIELDS[name];
  const id = `policy-${name}`;
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      {lines ? (
        <Textarea id={id} rows={3} className="font-mono" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input id={id} inputMode="numeric" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export interface PolicyFormProps {
  /** null: the instance default. */
  storeId: string | null;
  policy: WritePolicy;
}

/**
 * A write policy's fields, a dry run over the store's memories (stores only) and save. Admins
 * edit; everyone else reads the same fields, disabled.
 */
export function PolicyForm({ storeId, policy }: PolicyFormProps) {
  const { isAdmin } = usePermissions();
  const [draft, setDraft] = useState(() => draftOf(policy));
  const save = useSaveWritePolicy(storeId);
  const dryRun = useDryRunWritePolicy(storeId ?? "");
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    dryRun.reset();
    save.reset();
  };
  const id = (name: string) => `policy-${name}`;
  const disabled = !isAdmin || save.isPending;
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(fieldsOf(draft), { onSuccess: (saved) => setDraft(draftOf(saved)) });
      }}
    >
      <Card className="space-y-4 p-4">
        <h2 className="text-base font-semibold text-slate-900">What the detectors do</h2>
        <p className="text-sm text-slate-600">
          Every write&apos;s content is checked, whoever writes it. A refusal names the rule and the line, never the text; a held write lands and waits in the
          review inbox with its finding.
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          {DETECTORS.map((d) => (
            <Field key={d.name} label={d.label} htmlFor={id(d.name)} hint={d.hint}>
              <Select
                id={id(d.name)}
                value={draft.detectors[d.name]}
                disabled={disabled}
                onChange={(e) => set({ detectors: { ...draft.detectors, [d.name]: e.target.value as Action } })}
              >
                {ACTIONS.map((a) => (
                  <option key={a.value} value={a.value}>
                    {a.label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
      </Card>
      <Card className="space-y-4 p-4">
        <h2 className="text-base font-semibold text-slate-900">What agents may write</h2>
        <p className="text-sm text-slate-600">API keys, their sessions and MCP clients. People signed in with a role are not held to these.</p>
        <div className="grid gap-4 md:grid-cols-2">
          {(["protectedPaths", "allowedPaths", "maxContentBytes", "maxMemories"] as const).map((name) => (
            <DraftText key={name} name={name} value={draft[name]} disabled={disabled} onChange={(value) => set({ [name]: value })} />
          ))}
        </div>
      </Card>
      <Card className="space-y-4 p-4">
        <h2 className="text-base font-semibold text-slate-900">Stale memories</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <DraftText name="expiry" value={draft.expiry} disabled={disabled} onChange={(expiry) => set({ expiry })} />
          <div className="space-y-3">
            <DraftText name="unread" value={draft.unread} disabled={disabled} onChange={(unread) => set({ unread })} />
            <Field label="An unread memory" htmlFor="policy-unread-action">
              <Select
                id="policy-unread-action"
                value={draft.unreadAction}
                disabled={disabled}
                onChange={(e) => set({ unreadAction: e.target.value as Draft["unreadAction"] })}
              >
                <option value="review">waits in the inbox: keep or delete</option>
                <option value="delete">is deleted (a version: history can put it back)</option>
              </Select>
            </Field>
          </div>
        </div>
      </Card>
      {save.error && <ErrorAlert error={save.error} title="Not saved" />}
      {dryRun.error && <ErrorAlert error={dryRun.error} title="The dry run failed" />}
      {save.isSuccess && !save.isPending && <Alert tone="success">Saved.</Alert>}
      {dryRun.data && <DryRunResult storeId={storeId!} result={dryRun.data} />}
      {isAdmin && (
        <div className="flex flex-wrap items-center gap-2">
          {storeId !== null && (
            <Button variant="secondary" disabled={dryRun.isPending} onClick={() => dryRun.mutate(fieldsOf(draft))} data-testid="policy-dry-run">
              {dryRun.isPending ? "Checking memories…" : "Dry run over current memories"}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : storeId === null ? "Save the instance default" : "Save this store's policy"}
          </Button>
          {storeId !== null && !policy.inherited && (
            <Button
              variant="ghost"
              disabled={save.isPending}
              onClick={() => save.mutate(null, { onSuccess: (p) => setDraft(draftOf(p)) })}
              data-testid="policy-use-default"
            >
              Use the instance default instead
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

function DryRunResult({ storeId, result }: { storeId: string; result: NonNullable<ReturnType<typeof useDryRunWritePolicy>["data"]> }) {
  return (
    <section data-testid="policy-dry-run-result" aria-label="Dry run">
      <Card className="space-y-3 p-4">
        <p className="text-sm font-medium text-slate-900">
          This policy would refuse {result.would_refuse} and flag {result.would_flag} of {result.memories_checked} current memories, if an agent wrote them
          again. Nothing was saved.
        </p>
        {result.items.length > 0 && (
          <ul className="divide-y divide-slate-100 text-sm">
            {result.items.map((item) => (
              <li key={item.memory_id} className="flex flex-wrap items-center gap-2 py-2">
                <Badge tone={item.outcome === "refuse" ? "red" : "amber"}>{item.outcome === "refuse" ? "would refuse" : "would flag"}</Badge>
                <Link href={`/stores/${storeId}?memory=${item.memory_id}`} className="min-w-0 break-all font-mono text-indigo-700 hover:underline">
                  {item.path}
                </Link>
                <span className="text-xs text-slate-600">
                  {[
                    ...item.refused_by.filter((r) => !item.findings.some((f) => f.class === r)),
                    ...item.findings.map((f) => `${f.description} (line ${f.line})`),
                  ].join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
        {result.truncated && <p className="text-xs text-slate-500">The first 1,000 are listed; the counts cover every memory.</p>}
        {result.would_expire.length > 0 && (
          <div data-testid="policy-dry-run-unread">
            <p className="text-sm font-medium text-slate-900">
              Unread by agents: the next sweep would {result.would_expire[0]!.action === "delete" ? "delete" : "put in the inbox"} {result.would_expire.length}{" "}
              {result.would_expire.length === 1 ? "memory" : "memories"}, the longest unread first.
            </p>
            <ul className="divide-y divide-slate-100 text-sm">
              {result.would_expire.map((item) => (
                <li key={item.memory_id} className="flex flex-wrap items-center gap-2 py-2">
                  <Badge tone={item.action === "delete" ? "red" : "amber"}>{item.action === "delete" ? "would delete" : "would review"}</Badge>
                  <Link href={`/stores/${storeId}?memory=${item.memory_id}`} className="min-w-0 break-all font-mono text-indigo-700 hover:underline">
                    {item.path}
                  </Link>
                  <span className="text-xs text-slate-600">
                    unread for {item.days}+ days · last read by an agent {item.last_read_at ? <LocalTime iso={item.last_read_at} /> : "never"}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
    </section>
  );
}
