"use client";

import { useEffect, useRef, type ReactNode, type SyntheticEvent } from "react";
import { Button } from "./button.tsx";

export type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Escape was pressed: call `preventDefault()` to keep the dialog open (e.g. it holds unsaved text). */
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
};

/** A modal on the native <dialog> element: focus trapping and Escape come from the browser. */
export function Dialog({ open, title, onClose, children, wide, onCancel }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={onCancel}
      aria-label={title}
      // On a phone the dialog keeps a margin to the screen's edges and scrolls inside itself.
      className={`m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] overflow-y-auto ${wide ? "max-w-5xl" : "max-w-lg"} rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      {open && (
        <div className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

export type DialogActionsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  /** Placement only, e.g. "mt-4" when the footer follows the content rather than closing a spaced stack. */
  className?: string;
  /** The primary action(s), after Cancel. */
  children: ReactNode;
};

/** A dialog's footer, right-aligned: the Cancel button, then the actions. */
export function DialogActions({ onCancel, cancelLabel = "Cancel", className = "", children }: DialogActionsProps) {
  return (
    <div className={`flex flex-wrap justify-end gap-2 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
