"use client";

import Editor, { type OnMount } from "@monaco-editor/react";
import { useImperativeHandle, useMemo, useRef, useState, type Ref } from "react";
import { useLatestRef } from "@/components/ui/use-latest-ref.ts";
import { keepLineEndings } from "./keep-line-endings.ts";
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

/** Monaco's line height for fontSize 13, which the plain text view before it copies so the switch does not move a line. */
const LINE_HEIGHT = 20;
const FONT_FAMILY = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/**
 * Monaco on a memory's content, from the app's own bundle; language by the path's extension.
 * Uncontrolled on purpose: a `value` prop fed back from React state writes a render-old text
 * over keystrokes Monaco has already taken, and fast typing loses characters.
 *
 * Content first: until Monaco has mounted (its code is large, and on a first visit still
 * loading), the text is shown in a plain textarea in the same place, readable and, when the
 * memory is editable, already editable. When Monaco mounts it takes over that textarea's text,
 * caret and focus in one synchronous step, so nothing typed before the switch is lost.
 */
export function MemoryEditor({ path, initialText, onTextChange, handleRef, readOnly, onSave, height = "60vh", autoFocus, searchMarks }: MemoryEditorProps) {
  const ready = useMonacoReady();
  const [marked, setMarked] = useState<number | null>(null);
  const editorRef = useRef<CodeEditor | null>(null);
  const plainRef = useRef<HTMLTextAreaElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const saveRef = useLatestRef(onSave);
  const changeRef = useLatestRef(onTextChange);
  // The text as it was given (its own line endings, which Monaco and a textarea normalise): what
  // the editor reports is laid over it, so only what was typed differs (keep-line-endings.ts).
  const sourceRef = useRef(initialText);
  const keep = (text: string) => keepLineEndings(sourceRef.current, text);

  useImperativeHandle(
    handleRef,
    () => ({
      getText: () => {
        const text = editorRef.current?.getValue() ?? plainRef.current?.value ?? null;
        return text === null ? null : keepLineEndings(sourceRef.current, text);
      },
      replaceText: (text) => {
        sourceRef.current = text;
        if (editorRef.current) replaceModelText(editorRef.current, text);
        else if (plainRef.current) plainRef.current.value = text;
      },
      closeUndoStep: () => editorRef.current?.pushUndoStop(),
    }),
    [],
  );

  const onMount: OnMount = (editor, monaco) => {
    takeOverPlainText(editor, plainRef.current);
    editorRef.current = editor;
    setMounted(true);
    editor.onDidDispose(() => {
      editorRef.current = null;
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.());
    editor.onDidChangeModelContent(() => changeRef.current(keep(editor.getValue())));
    // Typed into the server-rendered text before the page's scripts ran: no change event reported it.
    if (keep(editor.getValue()) !== initialText) changeRef.current(keep(editor.getValue()));
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
      lineHeight: LINE_HEIGHT,
      fontFamily: FONT_FAMILY,
      tabSize: 2,
      renderWhitespace: "trailing" as const,
      unicodeHighlight: { ambiguousCharacters: false },
      // Follows its box: the editor is hidden while a Markdown preview is shown, and panes resize.
      automaticLayout: true,
    }),
    [readOnly],
  );

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
        data-editor-ready={mounted}
        // The focus cue for Monaco and the plain textarea alike (the textarea draws no outline of its own).
        className="relative overflow-hidden rounded-md bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-indigo-500"
        style={{ height }}
      >
        {ready && <Editor height={height} language={languageForPath(path)} defaultValue={initialText} onMount={onMount} loading={null} options={options} />}
        {!mounted && (
          <textarea
            ref={plainRef}
            data-testid="memory-text"
            aria-label={`Content of ${path}`}
            defaultValue={initialText}
            readOnly={readOnly}
            spellCheck={false}
            onChange={(event) => changeRef.current(keep(event.target.value))}
            className="absolute inset-0 z-10 h-full w-full resize-none border-0 bg-white py-0 pl-[62px] pr-4 font-mono text-[13px] text-slate-900 outline-none"
            style={{ lineHeight: `${LINE_HEIGHT}px`, fontFamily: FONT_FAMILY }}
          />
        )}
      </div>
    </>
  );
}

/** Monaco starts from the text, caret and focus the plain textarea had (keys typed before Monaco was ready are kept). */
function takeOverPlainText(editor: CodeEditor, plain: HTMLTextAreaElement | null) {
  const model = editor.getModel();
  if (!plain || !model) return;
  if (plain.value !== model.getValue()) model.setValue(plain.value);
  const start = model.getPositionAt(plain.selectionStart);
  const end = model.getPositionAt(plain.selectionEnd);
  editor.setSelection({ startLineNumber: start.lineNumber, startColumn: start.column, endLineNumber: end.lineNumber, endColumn: end.column });
  if (document.activeElement === plain) editor.focus();
}
