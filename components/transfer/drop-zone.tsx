"use client";

import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { pickedFromDirectoryInput, pickedFromDrop, pickedFromFileInput, type Picked } from "./picked-files.ts";

export type DropZoneProps = { onPicked: (picked: Picked) => void; children?: ReactNode };

/** Folder inputs are a non-standard attribute every current browser supports; React passes it through as written. */
const FOLDER_INPUT = { webkitdirectory: "", directory: "" } as Record<string, string>;

/** Where a folder or an archive is dropped, or chosen with the two buttons (keyboard and screen-reader friendly). */
export function DropZone({ onPicked, children }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const folder = useRef<HTMLInputElement>(null);
  const archive = useRef<HTMLInputElement>(null);
  return (
    <div
      data-testid="import-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void pickedFromDrop(e.dataTransfer).then((picked) => picked && onPicked(picked));
      }}
      className={`rounded-lg border-2 border-dashed p-6 text-center text-sm ${over ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}
    >
      <p className="font-medium text-slate-800">Drop a folder or an archive here</p>
      <p className="mt-1 text-xs text-slate-500">
        A folder&rsquo;s files become memories at their paths below it; .zip, .tar.gz and .jsonl (an export with history) are uploaded as they are.
      </p>
      {children}
      <div className="mt-4 flex justify-center gap-2">
        <Button variant="secondary" onClick={() => folder.current?.click()}>
          Choose a folder…
        </Button>
        <Button variant="secondary" onClick={() => archive.current?.click()}>
          Choose an archive…
        </Button>
      </div>
      <input
        ref={folder}
        type="file"
        multiple
        {...FOLDER_INPUT}
        aria-label="Folder to import"
        className="sr-only"
        onChange={(e) => {
          const picked = e.target.files && pickedFromDirectoryInput(e.target.files);
          if (picked) onPicked(picked);
        }}
      />
      <input
        ref={archive}
        type="file"
        accept=".zip,.tar.gz,.tgz,.jsonl,.ndjson"
        aria-label="Archive to import"
        className="sr-only"
        onChange={(e) => {
          const picked = e.target.files && pickedFromFileInput(e.target.files);
          if (picked) onPicked(picked);
        }}
      />
    </div>
  );
}
