"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { DropZone } from "./drop-zone.tsx";
import { ConfirmImport } from "./confirm-import.tsx";
import { ConflictChoice } from "./conflict-choice.tsx";
import type { ConflictMode, ImportResult } from "./import-types.ts";
import { ImportSummary } from "./import-summary.tsx";
import { ImportCounts } from "./import-counts.tsx";
import { packZip } from "./pack-zip.ts";
import type { Picked } from "./picked-files.ts";
import { PreviewTree } from "./preview-tree.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { uploadImport } from "./upload-import.ts";

/** Into an existing store, or a new one named in the dialog. */
export type ImportTarget = { storeId: string; storeName: string } | { newStore: true };

export type ImportDialogProps = { target: ImportTarget; initial: Picked | null; onClose: () => void };

/** The import endpoint's upload limit (lib/archive/limits.ts, IMPORT_UPLOAD_BYTES). */
const UPLOAD_LIMIT = 64 * 1024 * 1024;

type Progress = { label: string; value: number | null; detail?: string };
type Prepared = { body: Blob; format: "zip" | "tar.gz" | "jsonl"; sourceName: string };

/**
 * Import from files: pick (or drop) a folder or an archive, see the dry run as a tree with each
 * problem marked, choose what happens to existing paths, type the confirmation, watch the
 * upload and the import, read the summary. The import is conditional on the preview
 * (`plan_digest`): if the store changed meanwhile, nothing is written and the preview reruns.
 */
export function ImportDialog({ target, initial, onClose }: ImportDialogProps) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Picked | null>(initial);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [name, setName] = useState(initial ? storeNameOf(initial) : "");
  const [mode, setMode] = useState<ConflictMode>("skip");
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const query = useCallback(
    (extra: Record<string, string | boolean | undefined>, p: Prepared) => ({
      format: p.format,
      ...("storeId" in target ? { store_id: target.storeId } : { name: name.trim() || undefined }),
      ...(p.format !== "jsonl" && { on_conflict: mode }),
      source_name: p.sourceName.slice(0, 255),
      ...extra,
    }),
    [target, name, mode],
  );

  const send = useCallback(
    async (p: Prepared, extra: Record<string, string | boolean | undefined>, verb: string) => {
      abort.current = new AbortController();
      setProgress({ label: `Uploading ${formatBytes(p.body.size)}`, value: 0 });
      return uploadImport({
        query: query(extra, p),
        body: p.body,
        signal: abort.current.signal,
        onProgress: (share) => setProgress({ label: `Uploading ${formatBytes(p.body.size)}`, value: share }),
        onSent: () => setProgress({ label: verb, value: null, detail: "on the server" }),
        onWritten: (written, total) =>
          setProgress({ label: `${verb}: ${written.toLocaleString()} of ${total.toLocaleString()}`, value: total ? written / total : 1 }),
      });
    },
    [query],
  );

  // The last preview stays on screen while a new one runs (a new conflict mode): confirming waits for it.
  const runPreview = useCallback(
    async (p: Prepared, nextMode?: ConflictMode) => {
      setError(null);
      try {
        // A mode just chosen is not in this render's query yet: it is sent explicitly.
        setPreview(await send(p, { dry_run: true, ...(nextMode && { on_conflict: nextMode }) }, "Checking every file"));
      } catch (e) {
        setPreview(null);
        setError((e as Error).message);
      } finally {
        setProgress(null);
      }
    },
    [send],
  );

  const pick = (next: Picked) => {
    setPicked(next);
    if (!name.trim()) setName(storeNameOf(next));
  };

  // A pick is packed (a folder) or taken as it is (an archive), then previewed.
  useEffect(() => {
    if (!picked) return;
    let cancelled = false;
    void (async () => {
      setError(null);
      try {
        let p: Prepared;
        if (picked.kind === "file") p = { body: picked.file, format: picked.format, sourceName: picked.name };
        else {
          if (picked.files.length === 0) throw new Error(`${picked.name} holds no files.`);
          setProgress({ label: `Packing ${picked.files.length.toLocaleString()} files`, value: 0 });
          const body = await packZip(
            picked.files,
            (share) => !cancelled && setProgress({ label: `Packing ${picked.files.length.toLocaleString()} files`, value: share }),
          );
          p = { body, format: "zip", sourceName: picked.name };
        }
        if (p.body.size > UPLOAD_LIMIT)
          throw new Error(`${p.sourceName} is ${formatBytes(p.body.size)}; an import takes at most ${formatBytes(UPLOAD_LIMIT)}.`);
        if (cancelled) return;
        setPrepared(p);
        await runPreview(p);
      } catch (e) {
        if (!cancelled) {
          setError((e as Error).message);
          setProgress(null);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // runPreview is deliberately not a dependency: a new pick starts over; a mode change reruns the preview below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);

  const busy = progress !== null;

  const confirm = async (skipProblems: boolean) => {
    if (!prepared || !preview) return;
    setError(null);
    try {
      const done = await send(
        prepared,
        { plan_digest: preview.plan_digest ?? undefined, progress: true, ...(skipProblems && { skip_problems: true }) },
        prepared.format === "jsonl" ? "Replaying versions" : "Writing memories",
      );
      setResult(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["stores"] }),
        done.store_id && queryClient.invalidateQueries({ queryKey: ["memories", done.store_id] }),
        done.store_id && queryClient.invalidateQueries({ queryKey: ["versions", done.store_id] }),
        queryClient.invalidateQueries({ queryKey: ["reviews"] }),
      ]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const title = "storeId" in target ? `Import into ${target.storeName}` : "New store from files";
  return (
    <Dialog open title={title} onClose={onClose} wide>
      <div className="space-y-4 text-sm text-slate-700">
        {!picked && !result && <DropZone onPicked={pick} />}
        {picked && !result && (
          <p>
            From <span className="font-medium text-slate-900">{picked.name}</span>
            {picked.kind === "folder" && ` (${picked.files.length.toLocaleString()} files, packed into a zip here and uploaded)`}
            {prepared?.format === "jsonl" && " — an export with history: every version is replayed into a new or empty store"}.{" "}
            {!busy && (
              <button
                type="button"
                className="text-indigo-700 underline"
                onClick={() => {
                  setPicked(null);
                  setPrepared(null);
                  setPreview(null);
                  setError(null);
                }}
              >
                Choose something else
              </button>
            )}
          </p>
        )}
        {!("storeId" in target) && !result && (
          <Field label="Store name" htmlFor="import-store-name" hint="An export's own name is used when left empty.">
            <Input id="import-store-name" value={name} disabled={busy} onChange={(e) => setName(e.target.value)} />
          </Field>
        )}
        {prepared && prepared.format !== "jsonl" && !result && "storeId" in target && (
          <ConflictChoice
            mode={mode}
            disabled={busy}
            onChange={(next) => {
              // Previewed again at once; the last preview stays on screen meanwhile.
              setMode(next);
              if (prepared) void runPreview(prepared, next);
            }}
          />
        )}
        {progress && <ProgressBar {...progress} />}
        {error && <Alert title="Nothing was imported">{error}</Alert>}
        {preview && !result && (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <ImportCounts counts={preview.counts} dryRun />
              {!busy && prepared && (
                <Button size="sm" variant="ghost" onClick={() => void runPreview(prepared)}>
                  Preview again
                </Button>
              )}
            </div>
            <PreviewTree items={preview.items} />
            <ConfirmImport key={preview.plan_digest ?? ""} preview={preview} busy={busy} onConfirm={(skip) => void confirm(skip)} onClose={onClose} />
          </>
        )}
        {result && <ImportSummary result={result} newStore={!("storeId" in target)} onClose={onClose} />}
        {!preview && !result && !busy && (
          <DialogActions onCancel={onClose}>{prepared && <Button onClick={() => void runPreview(prepared)}>Preview again</Button>}</DialogActions>
        )}
      </div>
    </Dialog>
  );
}

/** A new store's name from what was picked: a folder's name, or an archive's without its ending (an export's own name wins on the server when left empty). */
function storeNameOf(picked: Picked): string {
  const base = picked.name.replace(/\.(zip|tar\.gz|tgz|jsonl|ndjson)$/i, "");
  // A download from this console (<store-name-slug>-YYYY-MM-DD, or memstore_…-YYYY-MM-DD before): left empty, the export's own name is used.
  if (picked.kind === "file") return /^[a-z0-9_-]+-\d{4}-\d{2}-\d{2}$/i.test(base) ? "" : base;
  return picked.files.length && !/^\d+ (files|items)$/.test(picked.name) ? picked.name : "";
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
