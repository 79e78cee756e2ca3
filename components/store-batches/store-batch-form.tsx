"use client";

import { useState, type FormEvent } from "react";
import { StoreOptions } from "@/components/stores/store-options.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Field, Input, Select, Textarea } from "@/components/ui/field.tsx";
import { STORE_BATCH_LIMITS } from "@/lib/memory/store-batches/store-batch-limits.ts";
import { usePlanStoreBatch } from "@/lib/queries/use-store-batches.ts";
import { useStores } from "@/lib/queries/use-stores.ts";
import { StoreBatchPreview } from "./store-batch-preview.tsx";

const EXAMPLE = "name,description,metadata.user_id,metadata.plan\nAna's memory,Onboarding,u-1001,pro\nBo's memory,Onboarding,u-1002,free";

/**
 * Create stores from a CSV: the file (picked, or pasted), an optional template store each new
 * store copies and an optional unique_by key; then the dry run's preview, its typed
 * confirmation, progress, and the report.
 */
export function StoreBatchForm() {
  const stores = useStores({ includeArchived: false });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  const plan = usePlanStoreBatch();
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState("");
  const [uniqueBy, setUniqueBy] = useState("");

  const pick = async (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (file.size > STORE_BATCH_LIMITS.csvBytes) {
      setFileProblem(`${file.name} is larger than ${STORE_BATCH_LIMITS.csvBytes / 1024 / 1024} MB: split it.`);
      return;
    }
    setFileName(file.name);
    setCsv(await file.text());
  };
  const dryRun = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate({ csv, templateStoreId: templateId || null, uniqueBy: uniqueBy.trim() || null, sourceName: fileName });
  };

  return (
    <Card className="mb-6 p-4">
      <form onSubmit={dryRun} aria-label="Create stores from CSV" className="space-y-4 text-sm">
        <div className="grid gap-3 md:grid-cols-2">
          <Field
            label="CSV file"
            htmlFor="batch-file"
            hint={`Columns: name (required), description, metadata.<key>; one store per row, at most ${STORE_BATCH_LIMITS.rows.toLocaleString()}.`}
            error={fileProblem}
          >
            <input
              id="batch-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void pick(e.target.files?.[0])}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
          </Field>
          <Field label="Template store" htmlFor="batch-template" hint="Each new store gets a copy of its current memories (not their history).">
            <Select id="batch-template" value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">No template: empty stores</option>
              <StoreOptions stores={storeList} />
            </Select>
          </Field>
        </div>
        <Field label="Or paste the CSV" htmlFor="batch-csv" hint={fileName ? `From ${fileName}; editing it here changes what is sent.` : undefined}>
          <Textarea
            id="batch-csv"
            rows={6}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={EXAMPLE}
            spellCheck={false}
            className="font-mono text-xs"
          />
        </Field>
        <div className="max-w-sm">
          <Field label="Unique by (optional)" htmlFor="batch-unique" hint="A metadata key, such as user_id: rows whose value already has a store are skipped.">
            <Input id="batch-unique" value={uniqueBy} onChange={(e) => setUniqueBy(e.target.value)} placeholder="user_id" className="font-mono" />
          </Field>
        </div>
        {plan.error && <ErrorAlert error={plan.error} title="The file was not accepted" />}
        <Button type="submit" disabled={plan.isPending || csv.trim() === ""}>
          {plan.isPending ? "Checking every row…" : "Dry run"}
        </Button>
      </form>
      {plan.data && <StoreBatchPreview key={plan.data.id} batch={plan.data} />}
    </Card>
  );
}
