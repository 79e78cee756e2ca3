/**
 * Result formatting shared by the commands, copied from the SDK's `BetaLocalFilesystemMemoryTool`
 * so that every result is character-for-character the same.
 */
export const MAX_LINES = 999_999;
const LINE_NUMBER_WIDTH = String(MAX_LINES).length;

/**
 * The size shown for a directory. A store has no directory inodes; 4096 bytes is what a
 * directory shows on ext4 (the usual disk under the local memory tool), so listings read the same.
 */
export const DIRECTORY_SIZE_BYTES = 4096;

/** `1.5K`, `100K`, `0B`: the reference's own rounding, floating point and all. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return "0B";
  const k = 1024;
  const sizes = ["B", "K", "M", "G"];
  const i = Math.floor(Math.log(bytes) / Math.log(k));
  const size = bytes / Math.pow(k, i);
  return (size % 1 === 0 ? size.toString() : size.toFixed(1)) + sizes[i];
}

/** One line as `view` and `str_replace` show it: the 1-based number right-aligned in 6 columns, a tab, the text. */
export function numberedLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(LINE_NUMBER_WIDTH, " ")}\t${text}`;
}
