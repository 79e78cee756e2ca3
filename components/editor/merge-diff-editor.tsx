"use client";

import { DiffEditor, type DiffOnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/states.tsx";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { languageForPath } from "./monaco-setup.ts";
import { useMonacoReady } from "./use-monaco-ready.ts";

/** How long models whose diff was still being computed outlive their editor. */
const PENDING_DIFF_GRACE_MS = 30_000;

export type MergeDiffEditorProps = {
  path: string;
  /** Left, read-only: the server's current content. */
  theirs: string;
  /** Right, editable: the merge as the editor starts (later changes come back through onMergedChange). */
  initialMerged: string;
  onMergedChange: (value: string) => void;
};

/**
 * Monaco's diff editor, side by side: theirs (left) against the editable merge (right). The
 * merge is uncontrolled: to replace it from outside, remount with a new key (replacing the
 * text of a live diff editor can throw inside Monaco's diff view when lines disappear).
 */
export function MergeDiffEditor({ path, theirs, initialMerged, onMergedChange }: MergeDiffEditorProps) {
  const ready = useMonacoReady();
  // Held from the first render: the parent passes its latest copy of the merge back in, and
  // @monaco-editor/react writes a changed `modified` prop over the model, losing fast keystrokes.
  const [startText] = useState(initialMerged);
  const changeRef = useLatestRef(onMergedChange);
  const editorRef = useRef<Parameters<DiffOnMount>[0] | null>(null);
  const modelsRef = useRef<ReturnType<Parameters<DiffOnMount>[0]["getModel"]>>(null);
  /** A diff is being computed for the latest text (every edit of the merge starts one). */
  const diffPending = useRef(true);
  // @monaco-editor/react would dispose the models before the diff widget lets go of them, and
  // Monaco logs "TextModel got disposed before DiffEditorWidget model got reset". So it keeps
  // them (keepCurrent*Model), and they are detached, then disposed, here. Not at once while a
  // diff is still being computed (a merge saved right after typing): models gone before the
  // worker answers make it fail with "no diff result available" (see MonacoDiff).
  useEffect(
    () => () => {
      try {
        editorRef.current?.setModel(null);
      } catch {
        // already disposed with its widget
      }
      const models = modelsRef.current;
      setTimeout(
        () => {
          models?.original.dispose();
          models?.modified.dispose();
        },
        diffPending.current ? PENDING_DIFF_GRACE_MS : 0,
      );
    },
    [],
  );
  const onMount: DiffOnMount = (editor) => {
    editorRef.current = editor;
    modelsRef.current = editor.getModel();
    const modified = editor.getModifiedEditor();
    modified.onDidChangeModelContent(() => {
      diffPending.current = true;
      changeRef.current(modified.getValue());
    });
    editor.onDidUpdateDiff(() => {
      diffPending.current = false;
    });
  };
  if (!ready) return <Spinner label="Loading diff editor…" />;
  return (
    <div data-testid="merge-diff-editor" className="overflow-hidden rounded-md ring-1 ring-slate-200">
      <DiffEditor
        height="55vh"
        language={languageForPath(path)}
        original={theirs}
        modified={startText}
        onMount={onMount}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        loading={<Spinner label="Loading diff editor…" />}
        options={{
          renderSideBySide: true,
          originalEditable: false,
          readOnly: false,
          minimap: { enabled: false },
          wordWrap: "on",
          scrollBeyondLastLine: false,
          fontSize: 13,
          renderOverviewRuler: false,
        }}
      />
    </div>
  );
}
