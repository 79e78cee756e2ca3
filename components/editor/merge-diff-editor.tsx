"use client";

import { DiffEditor, type DiffOnMount } from "@monaco-editor/react";
import { Spinner } from "@/components/ui/states.tsx";
import { languageForPath } from "./monaco-setup.ts";
import { useMonacoReady } from "./use-monaco-ready.ts";

export type MergeDiffEditorProps = {
  path: string;
  /** Left, read-only: the server's current content. */
  theirs: string;
  /** Right, editable: the merge being prepared. */
  merged: string;
  onMergedChange: (value: string) => void;
};

/** Monaco's diff editor, side by side: theirs (left) against the editable merge (right). */
export function MergeDiffEditor({ path, theirs, merged, onMergedChange }: MergeDiffEditorProps) {
  const ready = useMonacoReady();
  const onMount: DiffOnMount = (editor) => {
    const modified = editor.getModifiedEditor();
    modified.onDidChangeModelContent(() => onMergedChange(modified.getValue()));
  };
  if (!ready) return <Spinner label="Loading diff editor…" />;
  return (
    <div data-testid="merge-diff-editor" className="overflow-hidden rounded-md ring-1 ring-slate-200">
      <DiffEditor
        height="55vh"
        language={languageForPath(path)}
        original={theirs}
        modified={merged}
        onMount={onMount}
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
