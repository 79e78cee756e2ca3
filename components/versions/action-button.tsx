"use client";

import { useId } from "react";
import { Button, type ButtonProps } from "@/components/ui/button.tsx";

/**
 * A small row action; when not allowed it stays visible but disabled, saying why: as a tooltip and
 * to screen readers, and with `showReason` also as text under it.
 */
export function ActionButton({ disabledReason, showReason, ...props }: ButtonProps & { disabledReason?: string | null; showReason?: boolean }) {
  const id = useId();
  if (!disabledReason) return <Button size="sm" variant="secondary" {...props} />;
  return (
    <span title={disabledReason} className="inline-block align-top">
      <Button size="sm" variant="secondary" {...props} disabled aria-describedby={id} data-disabled-reason={disabledReason} />
      <span id={id} className={showReason ? "mt-1 block max-w-56 text-left text-xs text-slate-500" : "sr-only"}>
        {disabledReason}
      </span>
    </span>
  );
}
