"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { threeWayMerge, type MergeResult } from "@/components/editor/three-way-merge.ts";
import { api, ApiError } from "@/lib/queries/api-client.ts";
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
 */
export function useMemoryEditing(storeId: string, memory: Memory) {
  const client = useQueryClient();
  const update = useUpdateMemory(storeId, memory.id);
  const [base, setBase] = useState<EditBase>(() => baseOf(memory));
  const [draft, setDraft] = useState(memory.content ?? "");
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [conflictError, setConflictError] = useState<Error | null>(null);
  const dirty = draft !== base.content;
  const serverMoved = memory.content_sha256 !== base.sha && memory.content != null;

  useEffect(() => {
    if (serverMoved && !dirty && !conflict && !update.isPending) {
      setBase(baseOf(memory));
      setDraft(memory.content ?? "");
    }
  }, [serverMoved, dirty, conflict, update.isPending, memory]);

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

  async function openConflict(baseContent: string, mine: string) {
    try {
      const theirs = await api<Memory>(`/v1/memory_stores/${storeId}/memories/${memory.id}`, { query: { view: "full" } });
      client.setQueryData(queryKeys.memories.one(storeId, memory.id), theirs);
      update.reset();
      setConflict({ base: baseContent, theirs, mine, merge: threeWayMerge(baseContent, theirs.content ?? "", mine) });
    } catch (error) {
      setConflictError(error as Error);
    }
  }

  const resolve = {
    /** Drop my edit: the editor continues from the server's current version. */
    takeTheirs() {
      if (!conflict) return;
      setBase(baseOf(conflict.theirs));
      setDraft(conflict.theirs.content ?? "");
      setConflict(null);
    },
    /** Save `content` (mine, or the merge) over the server's current version. */
    saveOverTheirs(content: string) {
      if (!conflict) return;
      setDraft(content);
      save(content, baseOf(conflict.theirs));
    },
  };

  return { base, draft, setDraft, dirty, serverMoved: serverMoved && dirty, conflict, conflictError, update, save: () => save(draft), resolve };
}
