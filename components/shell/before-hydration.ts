/**
 * What the console's header answers before React has hydrated the page, as a script inlined in
 * the HTML: on a slow phone or a loaded machine a person can press a key well before the page's
 * scripts have run, and a key pressed then must not be lost. The Menu button (a popover) and Sign
 * out (a form) need no script at all (components/shell/app-shell.tsx); the shortcut is the one
 * thing that does, so it lives here only, hydrated or not.
 *
 * Ctrl/Cmd+K focuses the header's search box from anywhere, the editor included: taken on the
 * window in the capture phase, before Monaco or any other listener sees the key.
 */
export const BEFORE_HYDRATION_SCRIPT = `addEventListener("keydown", function (e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== "k") return;
  var box = document.getElementById("header-search");
  if (!box) return;
  e.preventDefault();
  e.stopPropagation();
  box.focus();
  box.select();
}, true);`;
