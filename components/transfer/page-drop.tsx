"use client";

import { useEffect, useState } from "react";
import { pickedFromDrop, type Picked } from "./picked-files.ts";

export type PageDropProps = { label: string; onPicked: (picked: Picked) => void };

const carriesFiles = (event: DragEvent) => !!event.dataTransfer && [...event.dataTransfer.types].includes("Files");

/**
 * Makes the whole page a drop target for files while it is mounted: an overlay says where they
 * would go, and a drop hands them over (the import dialog then previews before anything is written).
 */
export function PageDrop({ label, onPicked }: PageDropProps) {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      void pickedFromDrop(e.dataTransfer!).then((picked) => picked && onPicked(picked));
    };
    document.addEventListener("dragenter", enter);
    document.addEventListener("dragover", over);
    document.addEventListener("dragleave", leave);
    document.addEventListener("drop", drop);
    return () => {
      document.removeEventListener("dragenter", enter);
      document.removeEventListener("dragover", over);
      document.removeEventListener("dragleave", leave);
      document.removeEventListener("drop", drop);
    };
  }, [onPicked]);
  if (!dragging) return null;
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-indigo-900/20 p-8">
      <div className="rounded-xl border-2 border-dashed border-indigo-500 bg-white/95 px-10 py-8 text-center shadow-xl">
        <p className="text-base font-semibold text-indigo-800">{label}</p>
        <p className="mt-1 text-sm text-slate-600">A folder, a .zip, a .tar.gz or a .jsonl export. You will see a preview first.</p>
      </div>
    </div>
  );
}
