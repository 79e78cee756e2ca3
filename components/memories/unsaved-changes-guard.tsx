"use client";

import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";

export type UnsavedChangesGuardProps = { when: boolean };

/**
 * While `when` holds: leaving the page (reload, close, another site) asks through the
 * browser's beforeunload prompt, and in-app links ask through a dialog first. The App
 * Router has no navigation events, so link clicks are caught before Next's Link sees them.
 */
export function UnsavedChangesGuard({ when }: UnsavedChangesGuardProps) {
  const router = useWorkspaceRouter();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // a full page load: beforeunload asks
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [when]);

  return (
    <Dialog open={target !== null} title="Leave without saving?" onClose={() => setTarget(null)}>
      <p className="text-sm text-slate-600">Your changes to this memory are not saved. If you leave now, they are lost.</p>
      <DialogActions onCancel={() => setTarget(null)} cancelLabel="Stay" className="mt-4">
        <Button
          variant="danger"
          onClick={() => {
            const href = target;
            setTarget(null);
            if (href) router.push(href);
          }}
        >
          Leave without saving
        </Button>
      </DialogActions>
    </Dialog>
  );
}
