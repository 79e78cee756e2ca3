"use client";

import dynamic from "next/dynamic";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { ConflictView } from "@/components/editor/conflict-view.tsx";
import { MemoryEditor } from "@/components/editor/memory-editor.tsx";
import type { SearchMarks } from "@/components/editor/search-marks.ts";
import { DeleteMemoryDialog } from "@/components/memories/delete-memory-dialog.tsx";
import { PathBreadcrumbs } from "@/components/memories/path-breadcrumbs.tsx";
import { RenameMemoryDialog } from "@/components/memories/rename-memory-dialog.tsx";
import { SaveStatus } from "@/components/memories/save-status.tsx";
import { SizeCounter, utf8Length } from "@/components/memories/size-counter.tsx";
import { UnsavedChangesGuard } from "@/components/memories/unsaved-changes-guard.tsx";
import { useMemoryEditing } from "@/components/memories/use-memory-editing.ts";
import { ArchivedBanner } from "@/components/stores/store-notices.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import type { Memory, Store } from "@/lib/queries/types.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

// The renderer's code loads only when a preview is first shown.
const MarkdownPreview = dynamic(() => import("@/components/memories/markdown-preview.tsx").then((m) => m.MarkdownPreview), {
  ssr: false,
  loading: () => <Spinner label="Rendering…" />,
});

type ViewMode = "source" | "preview" | "split";
const VIEW_MODES: { mode: ViewMode; label: string; wide?: boolean }[] = [
  { mode: "source", label: "Source" },
  { mode: "preview", label: "Preview" },
  { mode: "split", label: "Side by side", wide: true },
];
const VIEW_MODE_KEY = "memory-console.markdown-view";
const isMarkdown = (path: string) => /\.(md|markdown|mdx)$/i.test(path);

/** The reader's choice, kept in localStorage; every memory view follows it (and other tabs, by the storage event). */
const viewModeListeners = new Set<() => void>();
function subscribeViewMode(listener: () => void) {
  viewModeListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    viewModeListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function readViewMode(): ViewMode {
  const saved = window.localStorage.getItem(VIEW_MODE_KEY);
  return saved === "preview" || saved === "split" ? saved : "source";
}

/** Source, rendered preview or both, for Markdown memories; the source in server HTML (the server knows no choice). */
function useViewMode(markdown: boolean) {
  const mode = useSyncExternalStore(subscribeViewMode, readViewMode, () => "source" as const);
  const choose = (next: ViewMode) => {
    window.localStorage.setItem(VIEW_MODE_KEY, next);
    for (const listener of viewModeListeners) listener();
  };
  return [markdown ? mode : "source", choose] as const;
}

export type MemoryEditingProps = {
  store: Store;
  memory: Memory;
  editable: boolean;
  searchMarks?: SearchMarks | null;
  /** Shown at the end of the breadcrumbs' row (the memory page's quick open). */
  toolbar?: ReactNode;
  /** Off where the page around it says the store is archived (the store page's pane). */
  archivedBanner?: boolean;
};

/** The memory's header, editor (or conflict view), and its rename and delete dialogs. */
export function MemoryEditing({ store, memory, editable, searchMarks, toolbar, archivedBanner = true }: MemoryEditingProps) {
  const router = useWorkspaceRouter();
  const editing = useMemoryEditing(store.id, memory);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [leaving, setLeaving] = useState(false);
  const markdown = isMarkdown(memory.path);
  const [viewMode, setViewMode] = useViewMode(markdown);
  const bytes = utf8Length(editing.draft);
  const canSave = editable && editing.dirty && !editing.update.isPending && bytes <= LIMITS.memoryContentBytes && !editing.conflict;
  // Not gated on canSave: that is as of the last render, and keys typed since count. The hook checks the editor's own text.
  const save = () => editable && !editing.update.isPending && !editing.conflict && editing.save();

  // Ctrl/Cmd+S also when the focus is outside the editor (Monaco handles it inside), never the browser's "Save page".
  const saveRef = useLatestRef(save);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      saveRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [saveRef]);

  const folder = memory.path.slice(0, memory.path.lastIndexOf("/") + 1);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PathBreadcrumbs storeId={store.id} storeName={store.name} path={memory.path} />
        {toolbar}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-all font-mono text-lg font-semibold text-slate-900 sm:truncate sm:break-normal" data-testid="memory-path" title={memory.path}>
            {memory.path}
          </h1>
          <p className="mt-1 text-xs break-all text-slate-500 sm:break-normal">
            <span className="font-mono">{memory.id}</span> · {formatBytes(memory.content_size_bytes)} · updated <LocalTime iso={memory.updated_at} /> · version{" "}
            <span className="font-mono">{memory.memory_version_id}</span>
          </p>
        </div>
        {editable && (
          <div className="flex shrink-0 items-center gap-2">
            <Button variant="secondary" onClick={() => setDialog("rename")}>
              Rename / move
            </Button>
            <Button variant="danger-quiet" onClick={() => setDialog("delete")}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {archivedBanner && store.archived_at && <ArchivedBanner archivedAt={store.archived_at} />}
      {!editable && !store.archived_at && <Alert tone="info">You can read this memory; your role does not allow editing.</Alert>}
      {editing.serverMoved && !editing.conflict && (
        <Alert tone="warning">Someone changed this memory since you started editing. Saving will show both versions to merge.</Alert>
      )}
      {editing.conflictError && <ErrorAlert error={editing.conflictError} title="Could not load the current version" />}
      {/* Hidden, not unmounted, during a conflict: the editor keeps its text and undo history. */}
      <div hidden={editing.conflict !== null} className="space-y-4">
        {(editable || markdown) && (
          <div className="flex flex-wrap items-center gap-3">
            {editable && (
              <>
                <Button onClick={save} disabled={!canSave} title="Ctrl/Cmd+S">
                  {editing.update.isPending ? "Saving…" : "Save"}
                </Button>
                <SaveStatus pending={editing.update.isPending} dirty={editing.dirty} saved={editing.update.isSuccess ? editing.update.data : undefined} />
              </>
            )}
            <span className="ml-auto flex flex-wrap items-center gap-3">
              {markdown && (
                <span role="group" aria-label="View" className="inline-flex rounded-md ring-1 ring-inset ring-slate-300" data-testid="view-mode">
                  {VIEW_MODES.map(({ mode, label, wide }) => (
                    <button
                      key={mode}
                      type="button"
                      aria-pressed={viewMode === mode}
                      onClick={() => setViewMode(mode)}
                      className={`px-2.5 py-1 text-xs font-medium first:rounded-l-md last:rounded-r-md ${wide ? "hidden lg:block" : ""} ${viewMode === mode ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-50"}`}
                    >
                      {label}
                    </button>
                  ))}
                </span>
              )}
              {editable && <SizeCounter bytes={bytes} />}
            </span>
          </div>
        )}
        {editing.update.error && <ErrorAlert error={editing.update.error} />}
        <div className={viewMode === "split" ? "space-y-4 lg:grid lg:grid-cols-2 lg:gap-4 lg:space-y-0" : undefined}>
          {/* Hidden, not unmounted, in preview: Monaco owns the text being edited. */}
          <div hidden={viewMode === "preview"} className="min-w-0">
            <MemoryEditor
              path={memory.path}
              initialText={editing.draft}
              onTextChange={editing.onEditorChange}
              handleRef={editing.editorRef}
              readOnly={!editable}
              onSave={save}
              searchMarks={searchMarks}
            />
          </div>
          {/* The text as it is now, unsaved edits included. */}
          {viewMode !== "source" && <MarkdownPreview text={editing.draft} />}
        </div>
      </div>
      {editing.conflict && (
        <ConflictView
          key={editing.conflict.theirs.memory_version_id + editing.conflict.mine.length}
          storeId={store.id}
          path={memory.path}
          theirs={editing.conflict.theirs.content ?? ""}
          theirsUpdatedAt={editing.conflict.theirs.updated_at}
          theirsVersionId={editing.conflict.theirs.memory_version_id}
          merge={editing.conflict.merge}
          saving={editing.update.isPending}
          error={editing.update.error}
          onTakeTheirs={editing.resolve.takeTheirs}
          onKeepMine={() => editing.resolve.saveOverTheirs(editing.conflict!.mine)}
          onSaveMerge={editing.resolve.saveOverTheirs}
        />
      )}
      <UnsavedChangesGuard when={editable && !leaving && (editing.dirty || editing.conflict !== null)} />
      {dialog === "rename" && <RenameMemoryDialog memory={memory} onClose={() => setDialog(null)} />}
      {dialog === "delete" && (
        <DeleteMemoryDialog
          storeId={store.id}
          memoryId={memory.id}
          path={memory.path}
          expectedSha256={editing.base.sha}
          unsaved={editing.dirty}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setLeaving(true);
            router.push(folder === "/" ? `/stores/${store.id}` : `/stores/${store.id}?prefix=${encodeURIComponent(folder)}`);
          }}
        />
      )}
    </div>
  );
}
