/**
 * Monaco gives a model one line ending: a memory with mixed ones (`\r\n` and `\n`, or a lone
 * `\r`) comes back from the editor with all of them the same, which would make a memory nobody
 * touched look edited and rewrite every line on save. So the text the editor started from is
 * kept, and what the editor holds now is laid over it: only the span that differs (common prefix
 * and suffix left alone, compared with line endings ignored) is taken from the editor, its new
 * line breaks in the original's most common ending. Linear in the text.
 */
export function keepLineEndings(original: string, current: string): string {
  if (!original.includes("\r")) return current;
  const normalize = (text: string) => text.replace(/\r\n?/g, "\n");
  const before = normalize(original);
  const after = normalize(current);
  if (before === after) return original;
  // Where each character of `before` starts in `original` (a `\r\n` is one character there).
  const start = new Int32Array(before.length + 1);
  for (let i = 0, o = 0; i <= before.length; i++) {
    start[i] = o;
    o += original[o] === "\r" && original[o + 1] === "\n" ? 2 : 1;
  }
  let prefix = 0;
  const shortest = Math.min(before.length, after.length);
  while (prefix < shortest && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  const crlf = original.split("\r\n").length - 1;
  const lf = original.split("\n").length - 1 - crlf;
  const eol = crlf > lf ? "\r\n" : "\n";
  const typed = after.slice(prefix, after.length - suffix).replace(/\n/g, eol);
  return original.slice(0, start[prefix]) + typed + original.slice(start[before.length - suffix]);
}
