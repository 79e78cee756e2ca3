import { ancestorPaths } from "../paths.ts";

/**
 * A set of live memory paths held in memory, with the overlap rule of path-conflicts.ts: two
 * live memories may not share a path, nor may one be an ancestor of the other. For checks that
 * run without the database (an import's history, an export's entries); each step is linear in
 * the path's depth (at most 20 segments).
 */
export class LivePaths {
  private readonly paths = new Set<string>();
  /** Folder → how many live paths are below it. */
  private readonly below = new Map<string, number>();

  get size() {
    return this.paths.size;
  }

  /** Why `path` cannot be live beside the others, or null when it can. */
  conflict(path: string): string | null {
    if (this.paths.has(path)) return `a memory already exists at ${path}`;
    for (const ancestor of ancestorPaths(path)) {
      if (this.paths.has(ancestor)) return `${ancestor} is a memory, so it cannot also be a folder of ${path}`;
    }
    if (this.below.has(path)) return `${path} is a folder of other memories`;
    return null;
  }

  add(path: string) {
    this.paths.add(path);
    for (const folder of ancestorPaths(path)) this.below.set(folder, (this.below.get(folder) ?? 0) + 1);
  }

  remove(path: string) {
    if (!this.paths.delete(path)) return;
    for (const folder of ancestorPaths(path)) {
      const left = this.below.get(folder)! - 1;
      if (left === 0) this.below.delete(folder);
      else this.below.set(folder, left);
    }
  }
}
