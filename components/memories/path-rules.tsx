import { LIMITS } from "@/lib/memory/limits.ts";
import { utf8Length } from "./size-counter.tsx";

export type PathRulesProps = { path: string };

/** The API's rules for a memory path, with the typed path's byte and segment counts. */
export function PathRules({ path }: PathRulesProps) {
  const segments = path.startsWith("/") ? path.slice(1).split("/").length : 0;
  return (
    <div className="space-y-1 text-xs text-slate-500">
      <p>
        {utf8Length(path).toLocaleString("en-US")} / {LIMITS.memoryPathBytes.toLocaleString("en-US")} bytes · {segments} / {LIMITS.memoryPathSegments} segments
      </p>
      <ul className="list-disc space-y-0.5 pl-4">
        <li>
          Starts with <code>/</code>; 1 to {LIMITS.memoryPathSegments} segments separated by <code>/</code>; at most{" "}
          {LIMITS.memoryPathBytes.toLocaleString("en-US")} bytes of UTF-8.
        </li>
        <li>
          No empty segment (no <code>{"//"}</code>, no trailing <code>/</code>), and no <code>.</code> or <code>..</code> segment.
        </li>
        <li>No control or invisible format characters (nor line/paragraph separators); text in Unicode NFC form.</li>
        <li>
          Case-sensitive: <code>/Notes.md</code> and <code>/notes.md</code> are different memories.
        </li>
        <li>
          Must not overlap another memory: not the same path, and neither may be a folder of the other (<code>/notes</code> vs <code>/notes/todo.md</code>).
        </li>
      </ul>
    </div>
  );
}
