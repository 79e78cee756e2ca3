/** The inbox's keys, one list for the handler's help and the overlay. */
export const SHORTCUTS = [
  { key: "j", does: "Next change" },
  { key: "k", does: "Previous change" },
  { key: "a", does: "Approve the change shown" },
  { key: "r", does: "Revert it (write back what was reviewed)" },
  { key: "e", does: "Edit and approve" },
  { key: "R", does: "Revert and redact (asks first)" },
  { key: "x", does: "Select or unselect for bulk" },
  { key: "A", does: "Approve in bulk: the selection, or everything matching the filters" },
  { key: "/", does: "Filter by path prefix (Enter applies, Esc leaves the field)" },
  { key: "?", does: "This help" },
] as const;

/**
 * Typing belongs to where it is typed: shortcuts stay quiet in text fields, selects, Monaco
 * and open dialogs, and with Ctrl, Cmd or Alt held (the browser's and the editor's own keys).
 */
export function isTypingTarget(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (document.querySelector("dialog[open]")) return true;
  if (!target) return false;
  if (target.closest(".monaco-editor, [contenteditable=''], [contenteditable='true']")) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
}
