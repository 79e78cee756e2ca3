"use client";

import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useState, type FormEvent } from "react";
import { DryRunList } from "@/components/bulk/dry-run-list.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { StoreOptions } from "@/components/stores/store-options.tsx";
import { Field, Input, Select } from "@/components/ui/field.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { BulkDeletion } from "@/lib/queries/types.ts";
import { useExecuteBulkDeletion, usePlanBulkDeletion, type PlanBulkDeletionInput } from "@/lib/queries/use-bulk-deletions.ts";
import { useStores } from "@/lib/queries/use-stores.ts";
import { describeFilter } from "./bulk-labels.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

/** `key:value` pairs, one a line, into metadata (the key ends at the first colon); null if a line is not a pair. */
function parsePairs(text: string): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(":");
    if (colon < 1) return null;
    metadata[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return metadata;
}

/**
 * A bulk delete: the filter, then a dry run listing what would go, then the typed confirmation;
 * the deletion acts only on what the dry run showed, and leads to its report.
 */
export function BulkDeleteForm() {
  const router = useWorkspaceRouter();
  const { isAdmin } = usePermissions();
  const stores = useStores({ includeArchived: true });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  const storeName = (id: string) => storeList.find((s) => s.id === id)?.name ?? id;
  const plan = usePlanBulkDeletion();
  const execute = useExecuteBulkDeletion();
  const [chosen, setTarget] = useState<"memories" | "stores">("stores");
  // Deleting stores takes an admin: reviewers get the memories form only.
  const target = isAdmin ? chosen : "memories";
  const [storeId, setStoreId] = useState("");
  const [prefix, setPrefix] = useState("/");
  const [name, setName] = useState("");
  const [pairs, setPairs] = useState("");
  const planned: BulkDeletion | undefined = plan.data;
  const confirmation = useTypedConfirmation(planned?.confirmation ?? "");
  const metadata = parsePairs(pairs);

  const dryRun = (event: FormEvent) => {
    event.preventDefault();
    const input: PlanBulkDeletionInput =
      target === "memories" ? { target, memory_store_id: storeId, path_prefix: prefix } : { target, name: name.trim() || null, metadata: metadata ?? {} };
    confirmation.reset();
    execute.reset();
    plan.mutate(input);
  };

  return (
    <Card className="mb-6 p-4">
      <form onSubmit={dryRun} aria-label="Bulk delete" className="space-y-4 text-sm">
        <fieldset className="flex flex-wrap gap-6" hidden={!isAdmin}>
          <legend className="mb-2 font-medium text-slate-900">Delete</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="bulk-target" checked={target === "stores"} onChange={() => setTarget("stores")} />
            every store matching a name and metadata (a deletion request for one end user)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="bulk-target" checked={target === "memories"} onChange={() => setTarget("memories")} />
            every memory under a folder of one store
          </label>
        </fieldset>
        {target === "stores" ? (
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Name contains" htmlFor="bulk-name" hint="Any part of the name, any case; may be empty when metadata is given.">
              <Input id="bulk-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field
              label="Metadata"
              htmlFor="bulk-metadata"
              hint="key:value, one a line; every pair must match."
              error={metadata ? null : "Write key:value, one a line."}
            >
              <textarea
                id="bulk-metadata"
                rows={2}
                value={pairs}
                onChange={(e) => setPairs(e.target.value)}
                className="block w-full rounded-md border-0 px-3 py-2 font-mono text-sm shadow-sm ring-1 ring-inset ring-slate-300"
                placeholder="end_user:ana-1234"
              />
            </Field>
          </div>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Store" htmlFor="bulk-store">
              <Select id="bulk-store" value={storeId} onChange={(e) => setStoreId(e.target.value)}>
                <option value="">Choose a store…</option>
                <StoreOptions stores={storeList} />
              </Select>
            </Field>
            <Field label="Folder" htmlFor="bulk-prefix" hint="Starts and ends with /; / is the whole store.">
              <Input id="bulk-prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} className="font-mono" />
            </Field>
          </div>
        )}
        {plan.error && <ErrorAlert error={plan.error} />}
        <Button type="submit" disabled={plan.isPending || (target === "memories" ? !storeId : !metadata)}>
          {plan.isPending ? "Looking…" : "Dry run"}
        </Button>
      </form>

      {planned && (
        <section aria-label="Dry run" className="mt-6 space-y-3 border-t border-slate-100 pt-4 text-sm">
          <p className="text-slate-700">
            The dry run found <strong>{planned.counts.before}</strong> {planned.target}
            {planned.target === "stores" && <> holding {planned.counts.memories_before} memories</>}: {describeFilter(planned, storeName)}. Nothing is deleted
            yet.
          </p>
          <PlannedList bulk={planned} />
          {planned.counts.before > 0 && (
            <>
              <div className="max-w-sm">
                <TypedConfirmation state={confirmation} id="bulk-confirm" hint="This cannot be undone." />
              </div>
              {execute.error && <ErrorAlert error={execute.error} />}
              <Button
                variant="danger"
                disabled={!confirmation.confirmed || execute.isPending}
                onClick={() =>
                  execute.mutate(
                    { id: planned.id, digest: planned.digest, confirmation: confirmation.typed },
                    { onSuccess: (report) => router.push(`/bulk-deletions/${report.id}`) },
                  )
                }
              >
                {execute.isPending ? "Deleting…" : "Delete"}
              </Button>
            </>
          )}
        </section>
      )}
    </Card>
  );
}

function PlannedList({ bulk }: { bulk: BulkDeletion }) {
  return (
    <DryRunList items={bulk.items ?? []} label="To delete" empty="Nothing matches: there is nothing to delete." shown={100} itemKey={(item) => item.id}>
      {(item) => (
        <>
          <span className="font-mono text-slate-900">{item.label}</span>
          <span className="font-mono text-slate-500">{item.id}</span>
          {bulk.target === "stores" && <span className="text-slate-500">{item.memory_count} memories</span>}
        </>
      )}
    </DryRunList>
  );
}
