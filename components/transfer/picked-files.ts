/**
 * What a person dropped or chose: the files of a folder (with their paths below it), or one
 * archive or JSON Lines export. Folders are read through the File and Directory Entries API
 * (`webkitGetAsEntry`), which every current browser offers for drops.
 */
export type ImportFormat = "zip" | "tar.gz" | "jsonl";

export type Picked = { kind: "folder"; name: string; files: { path: string; file: File }[] } | { kind: "file"; name: string; file: File; format: ImportFormat };

/** The import format of a file by its name, or null when it is not one we take. */
export function formatOf(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return null;
}

/** Files chosen with `<input webkitdirectory>`: their `webkitRelativePath` starts with the folder's name, which is dropped. */
export function pickedFromDirectoryInput(list: FileList): Picked | null {
  const files = [...list];
  if (files.length === 0) return null;
  const top = files[0]!.webkitRelativePath.split("/")[0] ?? "";
  return {
    kind: "folder",
    name: top,
    files: files.map((file) => ({ path: "/" + file.webkitRelativePath.split("/").slice(1).join("/"), file })),
  };
}

/** One archive chosen with a plain file input, or loose files (each at the root). */
export function pickedFromFileInput(list: FileList): Picked | null {
  const files = [...list];
  if (files.length === 1 && formatOf(files[0]!.name)) return { kind: "file", name: files[0]!.name, file: files[0]!, format: formatOf(files[0]!.name)! };
  if (files.length === 0) return null;
  return { kind: "folder", name: `${files.length} files`, files: files.map((file) => ({ path: "/" + file.name, file })) };
}

/**
 * A drop: one folder's contents go to the store's root (as with `npm run import -- --from
 * FOLDER`); one archive is uploaded as it is; anything else (several files or folders) lands at
 * their names.
 */
export async function pickedFromDrop(transfer: DataTransfer): Promise<Picked | null> {
  const entries = [...transfer.items].map((item) => (item.kind === "file" ? item.webkitGetAsEntry() : null)).filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return transfer.files.length ? pickedFromFileInput(transfer.files) : null;
  if (entries.length === 1 && entries[0]!.isFile) {
    const file = await fileOf(entries[0] as FileSystemFileEntry);
    const format = formatOf(file.name);
    if (format) return { kind: "file", name: file.name, file, format };
  }
  const files: { path: string; file: File }[] = [];
  const single = entries.length === 1 && entries[0]!.isDirectory;
  for (const entry of entries) await collect(entry, single ? "" : "/" + entry.name, files);
  return { kind: "folder", name: single ? entries[0]!.name : `${entries.length} items`, files };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((ok, fail) => entry.file(ok, fail));
}

async function collect(entry: FileSystemEntry, path: string, out: { path: string; file: File }[]) {
  if (entry.isFile) {
    out.push({ path, file: await fileOf(entry as FileSystemFileEntry) });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) break;
    for (const child of batch) await collect(child, `${path}/${child.name}`, out);
  }
}
