"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ConflictView } from "@/components/editor/conflict-view.tsx";
import { MemoryEditor } from "@/components/editor/memory-editor.tsx";
import type { SearchMarks } from "@/components/editor/search-marks.ts";
import { DeleteMemoryDialog } from "@/components/memories/delete-memory-dialog.tsx";
import { PathBreadcrumbs } from "@/components/memories/path-breadcrumbs.tsx";
import { RenameMemoryDialog } from "@/components/memories/rename-memory-dialog.tsx";
import { SizeCounter, utf8Length } from "@/components/memories/size-counter.tsx";
import { UnsavedChangesGuard } from "@/components/memories/unsaved-changes-guard.tsx";
import { useMemoryEditing } from "@/components/memories/use-memory-editing.ts";
import { ArchivedBanner } from "@/components/stores/store-notices.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { LIMITS } from "@/lib/memory/limits.ts";
import type { Memory, Store } from "@/lib/queries/types.ts";

export type MemoryEditingProps = { store: Store; memory: Memory; editable: boolean; searchMarks?: SearchMarks | null };

/** The memory's header, editor (or conflict view), and its rename and delete dialogs. */
export function MemoryEditing({ store, memory, editable, searchMarks }: MemoryEditingProps) {
  const router = useRouter();
  const editing = useMemoryEditing(store.id, memory);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [leaving, setLeaving] = useState(false);
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
      <PathBreadcrumbs storeId={store.id} storeName={store.name} path={memory.path} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate font-mono text-lg font-semibold text-slate-900" data-testid="memory-path">
            {memory.path}
          </h1>
          <p className="mt-1 text-xs text-slate-500">
            <span className="font-mono">{memory.id}</span> · {formatBytes(memory.content_size_bytes)} · updated <LocalTime iso={memory.updated_at} /> · version{" "}
            <span className="font-mono">{memory.memory_version_id}</span>
          </p>
        </div>
        {editable && (
          <div className="flex shrink-0 items-center gap-2">
            <Button variant="secondary" onClick={() => setDialog("rename")}>
              Rename / move
            </Button>
            <Button variant="danger" onClick={() => setDialog("delete")}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {store.archived_at && <ArchivedBanner archivedAt={store.archived_at} />}
      {!editable && !store.archived_at && <Alert tone="info">You can read this memory; your role does not allow editing.</Alert>}
      {editing.serverMoved && !editing.conflict && (
        <Alert tone="warning">Someone changed this memory since you started editing. Saving will show both versions to merge.</Alert>
      )}
      {editing.conflictError && <Alert title="Could not load the current version">{editing.conflictError.message}</Alert>}
      {/* Hidden, not unmounted, during a conflict: the editor keeps its text and undo history. */}
      <div hidden={editing.conflict !== null} className="space-y-4">
        {editable && (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={save} disabled={!canSave} title="Ctrl/Cmd+S">
              {editing.update.isPending ? "Saving…" : "Save"}
            </Button>
            <span className="text-sm text-slate-600" data-testid="save-status">
              {editing.update.isPending ? "Saving…" : editing.dirty ? "Unsaved changes" : editing.update.isSuccess ? "Saved" : "No changes"}
            </span>
            <span className="ml-auto">
              <SizeCounter bytes={bytes} />
            </span>
          </div>
        )}
        {editing.update.error && <Alert>{editing.update.error.message}</Alert>}
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
      {editing.conflict && (
        <ConflictView
          key={editing.conflict.theirs.memory_version_id + editing.conflict.mine.length}
          path={memory.path}
          theirs={editing.conflict.theirs.content ?? ""}
          theirsUpdatedAt={editing.conflict.theirs.updated_at}
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
