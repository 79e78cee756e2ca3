"use client";

import { useId } from "react";
import { Button, type ButtonProps } from "@/components/ui/button.tsx";

/** A small row action; when not allowed it stays visible but disabled, saying why (tooltip and screen readers). */
export function ActionButton({ disabledReason, ...props }: ButtonProps & { disabledReason?: string | null }) {
  const id = useId();
  if (!disabledReason) return <Button size="sm" variant="secondary" {...props} />;
  return (
    <span title={disabledReason} className="inline-block">
      <Button size="sm" variant="secondary" {...props} disabled aria-describedby={id} data-disabled-reason={disabledReason} />
      <span id={id} className="sr-only">
        {disabledReason}
      </span>
    </span>
  );
}
