import type { editor } from "monaco-editor";

export type CodeEditor = editor.IStandaloneCodeEditor;

/**
 * Replaces a code editor's whole text as one undo step of its own (Ctrl+Z brings the previous
 * text back, as when an editor reloads a file that changed on disk), keeping the cursors where
 * the new text allows. A read-only editor refuses edits: there the model's value is set instead.
 */
export function replaceModelText(codeEditor: CodeEditor, text: string) {
  const model = codeEditor.getModel();
  if (!model || model.getValue() === text) return;
  const selections = codeEditor.getSelections() ?? [];
  codeEditor.pushUndoStop();
  const applied = codeEditor.executeEdits("memory-console", [{ range: model.getFullModelRange(), text }], selections);
  if (!applied) model.setValue(text);
  codeEditor.pushUndoStop();
}
