import type { SqlClient } from "../db.ts";
import { validateContent } from "../memories/content.ts";
import type { MemoryRecord } from "../memories/get-memory.ts";
import { findNode } from "./store-nodes.ts";
import { fail } from "./tool-failure.ts";

/** The file that `str_replace` and `insert` edit, read under the store lock so the edit cannot race another. */
export async function fileToEdit(tx: SqlClient, storeId: string, path: string | null, shownPath: string): Promise<MemoryRecord> {
  const node = await findNode(tx, storeId, path);
  if (!node) fail(`The path ${shownPath} does not exist. Please provide a valid path.`);
  if (node.kind === "directory") fail(`The path ${shownPath} is not a file.`);
  return node.memory;
}

/** New file content under the store's content rules (≤ 100 kB of UTF-8, no NUL), reported against the tool path. */
export function fileContent(text: string, shownPath: string): string {
  return validateContent(text, `Content of ${shownPath}`);
}
