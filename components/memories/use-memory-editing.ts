"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { MemoryEditorHandle } from "@/components/editor/memory-editor.tsx";
import { threeWayMerge, type MergeResult } from "@/components/editor/three-way-merge.ts";
import { utf8Length } from "@/components/memories/size-counter.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import { ApiError } from "@/lib/queries/api-client.ts";
import { queryKeys } from "@/lib/queries/keys.ts";
import type { Memory } from "@/lib/queries/types.ts";
import { useUpdateMemory } from "@/lib/queries/use-memories.ts";

/** The version the editor started from: saves are conditional on its hash. */
export type EditBase = { content: string; sha: string };

/** A save refused because the memory changed: base = what was edited, theirs = the server's now, mine = the attempted content. */
export type EditConflict = { base: string; theirs: Memory; mine: string; merge: MergeResult };

const baseOf = (memory: Memory): EditBase => ({ content: memory.content ?? "", sha: memory.content_sha256 });

/**
 * Editing one memory with optimistic concurrency. Every save sends the content_sha256 of the
 * version being edited; a 409 memory_precondition_failed_error fetches the current version and
 * opens a three-way merge. While the draft is clean, newer server content is adopted silently.
 *
 * The editor owns the text (see MemoryEditor): saves read it from Monaco's model, and the text
 * is only ever replaced on purpose (adopting the server's content, take theirs, saving a merge),
 * through the editor's handle. `draft` is a copy for display (dirty flag, size), never fed back.
 */
export function useMemoryEditing(storeId: string, memory: Memory) {
  const client = useQueryClient();
  const update = useUpdateMemory(storeId, memory.id);
  const editorRef = useRef<MemoryEditorHandle | null>(null);
  const [base, setBase] = useState<EditBase>(() => baseOf(memory));
  const [draft, setDraft] = useState(memory.content ?? "");
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [conflictError, setConflictError] = useState<Error | null>(null);
  const dirty = draft !== base.content;
  const serverMoved = memory.content_sha256 !== base.sha && memory.content != null;

  /** The text in the editor now, which may be ahead of the last render's `draft`. */
  const currentText = () => editorRef.current?.getText() ?? draft;
  /** `draft` is set here too, for when Monaco has not mounted yet (it then starts from `draft`). */
  const replaceText = (text: string) => {
    editorRef.current?.replaceText(text);
    setDraft(text);
  };

  useEffect(() => {
    // Checked against the editor itself: keys typed since this render must not be replaced.
    // (currentText and replaceText only read the ref and call setters: no dependencies of their own.)
    if (serverMoved && !conflict && !update.isPending && currentText() === base.content) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- adopting the server's newer version must also replace the text in Monaco, which only an effect may touch
      setBase(baseOf(memory));
      replaceText(memory.content ?? "");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentText and replaceText are fresh closures over a ref and setters (see above); dirty re-runs the check when the draft turns clean
  }, [serverMoved, dirty, conflict, update.isPending, memory, base.content]);

  /** Saves `content` on condition that the server still has `against`. */
  function save(content: string, against: EditBase = base) {
    setConflictError(null);
    update.mutate(
      { content, expectedSha256: against.sha },
      {
        onSuccess: (saved) => {
          setBase({ content, sha: saved.content_sha256 });
          setConflict(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.type === "memory_precondition_failed_error") void openConflict(against.content, content);
        },
      },
    );
  }

  /** Saves what the editor holds now (not what the last render saw), if it changed and fits. */
  function saveEditor() {
    // Typing before and after a save would otherwise be one undo step (VS Code does the same).
    editorRef.current?.closeUndoStep();
    const content = currentText();
    if (content !== base.content && utf8Length(content) <= LIMITS.memoryContentBytes) save(content);
  }

  async function openConflict(baseContent: string, mine: string) {
    try {
      const theirs = await apiClient.call("retrieveMemory", { params: { store: storeId, memory: memory.id }, query: { view: "full" } });
      client.setQueryData(queryKeys.memories.one(storeId, memory.id), theirs);
      // The history under the editor shows the change that caused the conflict, and who made it.
      void client.invalidateQueries({ queryKey: queryKeys.versions.all(storeId) });
      update.reset();
      setConflict({ base: baseContent, theirs, mine, merge: threeWayMerge(baseContent, theirs.content ?? "", mine) });
    } catch (error) {
      setConflictError(error as Error);
    }
  }

  const resolve = {
    /** Drop my edit: the editor continues from the server's current version (Ctrl+Z there brings mine back). */
    takeTheirs() {
      if (!conflict) return;
      setBase(baseOf(conflict.theirs));
      replaceText(conflict.theirs.content ?? "");
      setConflict(null);
    },
    /** Save `content` (mine, or the merge) over the server's current version; the editor takes `content`. */
    saveOverTheirs(content: string) {
      if (!conflict) return;
      replaceText(content);
      save(content, baseOf(conflict.theirs));
    },
  };

  return {
    base,
    draft,
    onEditorChange: setDraft,
    editorRef,
    dirty,
    serverMoved: serverMoved && dirty,
    conflict,
    conflictError,
    update,
    save: saveEditor,
    resolve,
  };
}
