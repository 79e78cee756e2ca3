/**
 * What the archive writers (zip-writer.ts, tar-writer.ts) refuse to name an entry: anything an
 * unpacker could take outside the folder it unpacks into, or that the import's own reader
 * (entry-names.ts) would refuse. The export checks each memory first and leaves out what fails
 * (lib/export/exportable.ts); this is the writers' last line, so that no code path can write a
 * zip-slip archive.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029\\]/u;
/** Memory paths are at most 1,024 bytes, under a short folder. */
const MAX_BYTES = 2048;

/** Why `name` is not a safe relative entry name, or null. */
export function entryNameProblem(name: string): string | null {
  if (name.length === 0) return "is empty";
  if (Buffer.byteLength(name, "utf8") > MAX_BYTES) return `is longer than ${MAX_BYTES} bytes`;
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "is absolute";
  if (!name.isWellFormed()) return "is not valid Unicode";
  const bad = FORBIDDEN.exec(name);
  if (bad) return bad[0] === "\\" ? "contains a backslash" : `contains U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  if (name.normalize("NFC") !== name) return "is not in Unicode NFC";
  for (const segment of name.split("/")) {
    if (segment === "") return "has an empty segment";
    if (segment === "." || segment === "..") return `has a '${segment}' segment`;
  }
  return null;
}

export function assertSafeEntryName(name: string) {
  const problem = entryNameProblem(name);
  if (problem) throw new Error(`Refusing to write archive entry ${JSON.stringify(name.slice(0, 200))}: it ${problem}.`);
}
