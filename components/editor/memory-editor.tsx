"use client";

import Editor, { type OnMount } from "@monaco-editor/react";
import { useImperativeHandle, useMemo, useRef, useState, type Ref } from "react";
import { Spinner } from "@/components/ui/states.tsx";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { languageForPath } from "./monaco-setup.ts";
import { replaceModelText, type CodeEditor } from "./replace-model-text.ts";
import { markSearchMatches, type SearchMarks } from "./search-marks.ts";
import { useMonacoReady } from "./use-monaco-ready.ts";

/** The page's hold on the editor's text, which Monaco owns. */
export type MemoryEditorHandle = {
  /** The text as it is now in Monaco's model; null until Monaco has mounted. */
  getText(): string | null;
  /** Replaces the whole text as one undoable edit, keeping the cursor where it can stay. */
  replaceText(text: string): void;
  /** Ends the current undo step, so that Ctrl+Z comes back exactly to this text (done on save). */
  closeUndoStep(): void;
};

export type MemoryEditorProps = {
  path: string;
  /** The text Monaco starts with. Later values are ignored: change the text through the handle. */
  initialText: string;
  /** After every change of the text (typing, undo, replaceText): for the dirty flag and size counter. */
  onTextChange: (text: string) => void;
  handleRef: Ref<MemoryEditorHandle | null>;
  readOnly: boolean;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
  height?: string;
  /** Put the cursor in the editor once it has mounted (an editor opened by a keyboard shortcut). */
  autoFocus?: boolean;
  /** Opened from a search hit: mark its matches and scroll the hit into view. */
  searchMarks?: SearchMarks | null;
};

/**
 * Monaco on a memory's content, from the app's own bundle; language by the path's extension.
 * Uncontrolled on purpose: a `value` prop fed back from React state writes a render-old text
 * over keystrokes Monaco has already taken, and fast typing loses characters.
 */
export function MemoryEditor({ path, initialText, onTextChange, handleRef, readOnly, onSave, height = "60vh", autoFocus, searchMarks }: MemoryEditorProps) {
  const ready = useMonacoReady();
  const [marked, setMarked] = useState<number | null>(null);
  const editorRef = useRef<CodeEditor | null>(null);
  const saveRef = useLatestRef(onSave);
  const changeRef = useLatestRef(onTextChange);

  useImperativeHandle(
    handleRef,
    () => ({
      getText: () => editorRef.current?.getValue() ?? null,
      replaceText: (text) => {
        if (editorRef.current) replaceModelText(editorRef.current, text);
      },
      closeUndoStep: () => editorRef.current?.pushUndoStop(),
    }),
    [],
  );

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    editor.onDidDispose(() => {
      editorRef.current = null;
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.());
    editor.onDidChangeModelContent(() => changeRef.current(editor.getValue()));
    if (autoFocus) editor.focus();
    if (searchMarks) setMarked(markSearchMatches(editor, monaco, searchMarks));
  };

  // A new options object on every render would make @monaco-editor/react call updateOptions each time.
  const options = useMemo(
    () => ({
      readOnly,
      domReadOnly: readOnly,
      minimap: { enabled: false },
      wordWrap: "on" as const,
      scrollBeyondLastLine: false,
      fontSize: 13,
      tabSize: 2,
      renderWhitespace: "trailing" as const,
      unicodeHighlight: { ambiguousCharacters: false },
    }),
    [readOnly],
  );

  if (!ready) return <Spinner label="Loading editor…" />;
  return (
    <>
      {searchMarks && marked !== null && (
        <p className="mb-2 text-xs text-slate-600" data-testid="search-marks">
          {marked === 0 ? "No match" : marked === 1 ? "1 match" : `${marked} matches`} of{" "}
          <mark className="rounded-sm bg-amber-200 px-1 font-mono">{searchMarks.q}</mark> marked
          {searchMarks.line !== null && marked > 0 ? `, line ${searchMarks.line} shown` : ""}.
        </p>
      )}
      <div
        data-testid="memory-editor"
        data-language={languageForPath(path)}
        data-readonly={readOnly}
        className="overflow-hidden rounded-md ring-1 ring-slate-200"
      >
        <Editor
          height={height}
          language={languageForPath(path)}
          defaultValue={initialText}
          onMount={onMount}
          loading={<Spinner label="Loading editor…" />}
          options={options}
        />
      </div>
    </>
  );
}
