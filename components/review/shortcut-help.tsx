"use client";

import { Dialog } from "@/components/ui/dialog.tsx";
import { Kbd } from "./kbd.tsx";
import { SHORTCUTS } from "./shortcuts.ts";

/** The ? overlay: every key of the inbox. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Keyboard shortcuts" onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="shortcut-help">
        {SHORTCUTS.map((s) => (
          <div key={s.key} className="contents">
            <dt className="text-right">
              <Kbd>{s.key}</Kbd>
            </dt>
            <dd className="text-slate-700">{s.does}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500">Keys do nothing while you type in a field or the editor. Esc closes this.</p>
    </Dialog>
  );
}
