import type { ReactNode } from "react";

/** A key as the shortcut help and the buttons show it. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="rounded border border-current/30 px-1 font-mono text-[0.7rem] leading-4 opacity-80">{children}</kbd>;
}
