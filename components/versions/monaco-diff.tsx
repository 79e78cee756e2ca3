"use client";

import { DiffEditor } from "@monaco-editor/react";
import type { editor } from "monaco-editor";
import { useLayoutEffect, useMemo, useRef } from "react";
import { languageForPath } from "@/components/editor/monaco-setup.ts";
import { useMonacoReady } from "@/components/editor/use-monaco-ready.ts";
import { Spinner } from "@/components/ui/states.tsx";

const OPTIONS: editor.IDiffEditorConstructionOptions = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  wordWrap: "on",
  diffWordWrap: "on",
};

/** How long models whose diff was still being computed outlive their editor (see MonacoDiff). */
const PENDING_DIFF_GRACE_MS = 30_000;

export type MonacoDiffProps = { original: string; modified: string; path: string; height?: number };

/**
 * Monaco's read-only diff editor, from the locally bundled Monaco (never a CDN).
 * @monaco-editor/react 4.7 disposes the two text models before the diff widget on unmount, which
 * Monaco reports as an error ("TextModel got disposed before DiffEditorWidget model got reset").
 * So the models are kept by the library and released here, in a layout-effect cleanup (it runs
 * before the library's own passive cleanup): detach them from the widget first, then dispose them.
 * Not at once while the first diff is still being computed: the view model Monaco made for them
 * is never disposed (its setModel leaks a reference), so nothing cancels that computation, and
 * models gone before it reaches the worker make it fail with "no diff result available" (seen
 * when moving quickly from diff to diff in the review inbox). Such models get a grace period.
 */
export function MonacoDiff({ original, modified, path, height = 420 }: MonacoDiffProps) {
  const ready = useMonacoReady();
  const editorRef = useRef<editor.IStandaloneDiffEditor | null>(null);
  const diffShown = useRef(false);
  // Named, or axe flags the two sides' input areas (aria-input-field-name): set at creation and again on mount.
  const what = path || "the memory";
  const labels = { original: `Older side of the diff of ${what}`, modified: `Newer side of the diff of ${what}` };
  const options = useMemo(
    () => ({ ...OPTIONS, originalAriaLabel: `Older side of the diff of ${what}`, modifiedAriaLabel: `Newer side of the diff of ${what}` }),
    [what],
  );
  useLayoutEffect(
    () => () => {
      const diffEditor = editorRef.current;
      editorRef.current = null;
      const models = diffEditor?.getModel();
      diffEditor?.setModel(null);
      setTimeout(
        () => {
          models?.original.dispose();
          models?.modified.dispose();
        },
        diffShown.current ? 0 : PENDING_DIFF_GRACE_MS,
      );
    },
    [],
  );
  if (!ready) return <Spinner label="Loading the diff editor…" />;
  return (
    <div data-testid="version-diff-editor" className="overflow-hidden rounded-md ring-1 ring-slate-200">
      <DiffEditor
        height={height}
        original={original}
        modified={modified}
        language={languageForPath(path)}
        options={options}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        loading={<Spinner label="Loading the diff editor…" />}
        onMount={(diffEditor) => {
          editorRef.current = diffEditor;
          // Again once the diff is shown: Monaco may reset them while it sets the two sides up.
          const name = () => {
            diffEditor.getOriginalEditor().updateOptions({ ariaLabel: labels.original });
            diffEditor.getModifiedEditor().updateOptions({ ariaLabel: labels.modified });
          };
          name();
          diffEditor.onDidUpdateDiff(() => {
            diffShown.current = true;
            name();
          });
          // Monaco sometimes writes an empty aria-label on a side's input area after setting it up,
          // and updateOptions with an unchanged label does not write it again: put it back on the node.
          const sides = [
            [diffEditor.getOriginalEditor(), labels.original],
            [diffEditor.getModifiedEditor(), labels.modified],
          ] as const;
          const relabel = () => {
            for (const [side, label] of sides) {
              side
                .getDomNode()
                ?.querySelectorAll(".native-edit-context, textarea.inputarea")
                .forEach((area) => {
                  if (!area.getAttribute("aria-label")) area.setAttribute("aria-label", label);
                });
            }
          };
          const observer = new MutationObserver(relabel);
          const root = diffEditor.getContainerDomNode();
          observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
          relabel();
          diffEditor.onDidDispose(() => observer.disconnect());
        }}
      />
    </div>
  );
}
