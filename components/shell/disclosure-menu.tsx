"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type DisclosureMenuProps = {
  /** The button's content (its accessible name). */
  button: ReactNode;
  buttonClassName: string;
  /** On a phone (below md) the list is always shown, under `phoneHeading`, inside the header's Menu panel. */
  phoneHeading?: string;
  children: ReactNode;
};

/**
 * A header menu as the WAI disclosure navigation pattern has it: a button with aria-expanded
 * that shows a list of links under it. Escape closes it and gives focus back to the button,
 * a click elsewhere or following a link closes it, ArrowDown/ArrowUp move between its links.
 * Links stay links (a menu of pages, not of commands), so every test and screen reader finds
 * them by their role as everywhere else.
 */
export function DisclosureMenu({ button, buttonClassName, phoneHeading, children }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>("[data-menu-list] a") ?? [])];
    if (!links.length) return;
    event.preventDefault();
    if (!open) setOpen(true);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? (at + 1) % links.length : (at <= 0 ? links.length : at) - 1;
    // Opened by this key press: the list is in the page after React's commit.
    requestAnimationFrame(() => links[next]?.focus());
  };
  return (
    <div ref={root} className="md:relative" onKeyDown={onKeyDown}>
      {phoneHeading && <div className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:hidden">{phoneHeading}</div>}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className={`${phoneHeading ? "hidden md:flex" : "flex"} ${buttonClassName}`}
      >
        {button}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 text-slate-400 transition ${open ? "rotate-180" : ""}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        id={id}
        data-menu-list
        onClick={(event) => (event.target as HTMLElement).closest("a") && setOpen(false)}
        className={`${open ? "grid md:flex" : phoneHeading ? "grid md:hidden" : "hidden"} ${phoneHeading ? "grid-cols-2" : "grid-cols-1"} z-30 gap-1 md:absolute md:flex-col md:left-0 md:top-full md:mt-1 md:min-w-48 md:rounded-md md:bg-white md:p-1 md:shadow-lg md:ring-1 md:ring-slate-200`}
      >
        {children}
      </div>
    </div>
  );
}
