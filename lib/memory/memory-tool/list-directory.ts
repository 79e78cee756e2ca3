import type { SqlClient } from "../db.ts";
import { DIRECTORY_SIZE_BYTES, formatFileSize } from "./format.ts";
import { directoryRange, filesBelow } from "./store-nodes.ts";

/** A directory's entries two levels deep: a number is a file's size, a map is a directory. */
type Entries = Map<string, number | Entries>;

function isListed(name: string): boolean {
  return !name.startsWith(".") && name !== "node_modules";
}

function addEntry(root: Entries, relativePath: string, size: number) {
  const [first, second, ...deeper] = relativePath.split("/") as [string, ...string[]];
  if (second === undefined) return void root.set(first, size);
  let dir = root.get(first);
  if (typeof dir !== "object") root.set(first, (dir = new Map()));
  // Below the second level only the directory itself shows; its size is the constant anyway.
  dir.set(second, deeper.length === 0 ? size : ((dir.get(second) as Entries | undefined) ?? new Map()));
}

/** The listed lines in the reference's order: names sorted per directory, each directory followed by its entries. */
function lines(entries: Entries, prefix: string, depth: number, out: { size: string; path: string }[]) {
  for (const name of [...entries.keys()].sort()) {
    if (!isListed(name)) continue;
    const entry = entries.get(name)!;
    if (typeof entry === "number") {
      out.push({ size: formatFileSize(entry), path: prefix + name });
    } else {
      out.push({ size: formatFileSize(DIRECTORY_SIZE_BYTES), path: `${prefix}${name}/` });
      if (depth < 2) lines(entry, `${prefix}${name}/`, depth + 1, out);
    }
  }
}

/**
 * `view` of a directory, formatted like the reference: up to 2 levels deep, hidden items and
 * node_modules left out, human-readable sizes, every line `<size>\t<path as given>/<entry>`.
 */
export async function listDirectory(client: SqlClient, storeId: string, directory: string | null, shownPath: string): Promise<string> {
  const prefixLength = directoryRange(directory).from.length;
  const entries: Entries = new Map();
  for (const row of await filesBelow(client, storeId, directory)) addEntry(entries, row.path.slice(prefixLength), Number(row.content_size_bytes));
  const items: { size: string; path: string }[] = [];
  lines(entries, "", 1, items);
  const header = `Here're the files and directories up to 2 levels deep in ${shownPath}, excluding hidden items and node_modules:`;
  const listed = [`${formatFileSize(DIRECTORY_SIZE_BYTES)}\t${shownPath}`, ...items.map((item) => `${item.size}\t${shownPath}/${item.path}`)];
  return `${header}\n${listed.join("\n")}`;
}
