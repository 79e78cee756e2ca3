"use client";

import { loader } from "@monaco-editor/react";

/**
 * Monaco from this app's own bundle, never from a CDN (the default of @monaco-editor/react,
 * which offline shows nothing). Workers are bundled too: without them the editor shows text
 * but the diff editor computes no diff. Call before rendering <Editor> or <DiffEditor>.
 */
let ready: Promise<void> | null = null;
let loaded = false;

/** Whether Monaco is configured already (an editor can render at once). */
export function monacoLoaded(): boolean {
  return loaded;
}

export function ensureMonaco(): Promise<void> {
  ready ??= (async () => {
    const monaco = await import("monaco-editor");
    self.MonacoEnvironment = {
      getWorker(_workerId: string, label: string) {
        if (label === "json") {
          return new Worker(new URL("monaco-editor/languages/features/json/json.worker.js", import.meta.url), { type: "module" });
        }
        return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), { type: "module" });
      },
    };
    loader.config({ monaco });
    loaded = true;
  })();
  return ready;
}

/** Monaco language id for a memory path, by extension (markdown, json, yaml, xml, else plain text). */
export function languageForPath(path: string): string {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  const byExt: Record<string, string> = { md: "markdown", markdown: "markdown", json: "json", yaml: "yaml", yml: "yaml", xml: "xml" };
  return path.includes(".") ? (byExt[ext] ?? "plaintext") : "plaintext";
}
