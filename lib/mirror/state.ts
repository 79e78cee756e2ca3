import { readConfined, writeConfined } from "./confined-folder.ts";
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
  const bytes = await readConfined(dir, `/${STATE_FILE}`);
  if (bytes === undefined) return { version: 1, storeId, base: {}, hashes: {} };
  const state = JSON.parse(bytes.toString("utf8")) as MirrorState;
  // A folder mirrors one store: syncing it with another would delete or overwrite everything.
  if (state.storeId !== storeId) throw new Error(`${dir} mirrors memory store ${state.storeId}, not ${storeId}.`);
  return { version: 1, storeId, base: state.base ?? {}, hashes: state.hashes ?? {} };
}

export async function saveState(dir: string, state: MirrorState): Promise<void> {
  await writeConfined(dir, `/${STATE_FILE}`, JSON.stringify(state, null, 1));
}
