"use client";

import Editor, { type OnMount } from "@monaco-editor/react";
import { useRef } from "react";
import { Spinner } from "@/components/ui/states.tsx";
import { languageForPath } from "./monaco-setup.ts";
import { useMonacoReady } from "./use-monaco-ready.ts";

export type MemoryEditorProps = {
  path: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
  height?: string;
};

/** Monaco on a memory's content, from the app's own bundle; language by the path's extension. */
export function MemoryEditor({ path, value, onChange, readOnly, onSave, height = "60vh" }: MemoryEditorProps) {
  const ready = useMonacoReady();
  const saveRef = useRef(onSave);
  saveRef.current = onSave;

  const onMount: OnMount = (editor, monaco) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.());
  };

  if (!ready) return <Spinner label="Loading editor…" />;
  return (
    <div data-testid="memory-editor" data-language={languageForPath(path)} data-readonly={readOnly} className="overflow-hidden rounded-md ring-1 ring-slate-200">
      <Editor
        height={height}
        language={languageForPath(path)}
        value={value}
        onChange={(next) => onChange(next ?? "")}
        onMount={onMount}
        loading={<Spinner label="Loading editor…" />}
        options={{
          readOnly,
          domReadOnly: readOnly,
          minimap: { enabled: false },
          wordWrap: "on",
          scrollBeyondLastLine: false,
          fontSize: 13,
          tabSize: 2,
          renderWhitespace: "trailing",
          unicodeHighlight: { ambiguousCharacters: false },
        }}
      />
    </div>
  );
}
