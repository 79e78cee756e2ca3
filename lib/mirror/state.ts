import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "./local-files.ts";
import { STATE_FILE } from "./private-names.ts";

/**
 * What the mirror remembers between passes and runs, in a hidden file in the folder:
 * - `base`: per memory path, the content_sha256 both sides last agreed on. A side whose hash
 *   differs from it has changed since; both changed means a conflict.
 * - `hashes`: the hash of each local file as of its size and mtime, so that unchanged files
 *   are not read again on every pass.
 */
export interface MirrorState {
  version: 1;
  storeId: string;
  base: Record<string, string>;
  hashes: Record<string, { size: number; mtimeMs: number; sha: string }>;
}

export async function loadState(dir: string, storeId: string): Promise<MirrorState> {
  let text: string;
  try {
    text = await readFile(join(dir, STATE_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, storeId, base: {}, hashes: {} };
    throw error;
  }
  const state = JSON.parse(text) as MirrorState;
  // A folder mirrors one store: syncing it with another would delete or overwrite everything.
  if (state.storeId !== storeId) throw new Error(`${dir} mirrors memory store ${state.storeId}, not ${storeId}.`);
  return { version: 1, storeId, base: state.base ?? {}, hashes: state.hashes ?? {} };
}

export async function saveState(dir: string, state: MirrorState): Promise<void> {
  await writeFileAtomic(dir, join(dir, STATE_FILE), JSON.stringify(state, null, 1));
}
