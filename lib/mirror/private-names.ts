/**
 * Files of the mirror's own that never sync in either direction: its state file, its
 * temporary files and the conflict copies it leaves beside a file. A memory in the store with
 * such a name is left alone too, so that neither side can mistake it for a deletion.
 */
export const STATE_FILE = ".memory-mirror.json";
export const TEMP_PREFIX = ".memory-mirror-tmp-";
const CONFLICT = /\.conflict-[A-Za-z0-9_]+(-\d+)?$/i;

/**
 * Compared without case: on a case-insensitive filesystem (macOS, Windows by default) a store
 * memory named `.Memory-Mirror.json` would otherwise overwrite the state file.
 */
export function isPrivateName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === STATE_FILE || lower.startsWith(TEMP_PREFIX) || CONFLICT.test(name);
}

/** True when the memory path, or any folder on it, is one of the mirror's own names. */
export function isPrivatePath(memoryPath: string): boolean {
  return memoryPath.split("/").some((segment) => segment !== "" && isPrivateName(segment));
}

/** `notes/a.md.conflict-memver_01…`, numbered if that name is taken. */
export function conflictName(memoryPath: string, versionId: string, attempt: number): string {
  const safeVersion = versionId.replace(/[^A-Za-z0-9_]/g, "_");
  return `${memoryPath}.conflict-${safeVersion}${attempt > 0 ? `-${attempt}` : ""}`;
}
