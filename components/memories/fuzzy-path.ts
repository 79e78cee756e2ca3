/**
 * Quick open's matcher: the query's characters must appear in the path in order (case-insensitive,
 * spaces ignored), and a path scores higher where they fall in the file name, at the start of a
 * segment or word, and in runs. Linear in the path's length per query (a greedy scan from each
 * side, no backtracking search), so ten thousand paths stay instant.
 */
export type PathMatch = { path: string; score: number; /** Indices (UTF-16) of the matched characters, for highlighting. */ positions: number[] };

const isBoundary = (path: string, i: number) => i === 0 || "/-_. ".includes(path[i - 1]!);

/** The greedy subsequence from left to right, tightened from the right (shortest window ending at the earliest full match). */
function positionsOf(lower: string, needle: string): number[] | null {
  let end = -1;
  for (let i = 0, j = 0; i < lower.length && j < needle.length; i++) {
    if (lower[i] === needle[j]) {
      j++;
      if (j === needle.length) end = i;
    }
  }
  if (end < 0) return null;
  const positions: number[] = new Array(needle.length);
  for (let i = end, j = needle.length - 1; j >= 0; i--) {
    if (lower[i] === needle[j]) positions[j--] = i;
  }
  return positions;
}

export function matchPath(path: string, query: string): PathMatch | null {
  const needle = query.toLowerCase().replace(/\s+/g, "");
  if (needle === "") return { path, score: 0, positions: [] };
  const lower = path.toLowerCase();
  // Prefer a match inside the file name when there is one.
  const nameStart = path.lastIndexOf("/") + 1;
  const inName = positionsOf(lower.slice(nameStart), needle);
  const positions = inName ? inName.map((i) => i + nameStart) : positionsOf(lower, needle);
  if (!positions) return null;
  let score = 0;
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]!;
    score += 1;
    if (isBoundary(path, i)) score += 3;
    if (k > 0 && positions[k - 1] === i - 1) score += 2;
    if (i >= nameStart) score += 1;
  }
  if (lower.slice(nameStart).startsWith(needle)) score += 5;
  // Among equals, the shorter path (fewer extra characters) first.
  score -= (positions[positions.length - 1]! - positions[0]!) * 0.05 + path.length * 0.01;
  return { path, score, positions };
}

/** The best `limit` matches, best first; ties keep the paths' order. */
export function rankPaths<T extends { path: string }>(items: readonly T[], query: string, limit = 50): (PathMatch & { item: T })[] {
  const found: (PathMatch & { item: T; order: number })[] = [];
  items.forEach((item, order) => {
    const match = matchPath(item.path, query);
    if (match) found.push({ ...match, item, order });
  });
  found.sort((a, b) => b.score - a.score || a.order - b.order);
  return found.slice(0, limit);
}
