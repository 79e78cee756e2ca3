"use client";

import { useMemo, useState } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge.tsx";
import type { ImportResultItem } from "./import-types.ts";

export type PreviewTreeProps = { items: ImportResultItem[] };

interface Folder {
  name: string;
  path: string;
  folders: Map<string, Folder>;
  files: ImportResultItem[];
  problems: number;
  count: number;
}

const ACTION: Record<string, { label: string; tone: BadgeProps["tone"] }> = {
  create: { label: "new", tone: "green" },
  overwrite: { label: "overwrite", tone: "amber" },
  skip: { label: "skip", tone: "gray" },
  unchanged: { label: "unchanged", tone: "gray" },
  refused: { label: "problem", tone: "red" },
};

function buildTree(items: ImportResultItem[]): Folder {
  const root: Folder = { name: "/", path: "/", folders: new Map(), files: [], problems: 0, count: 0 };
  for (const item of items) {
    const parts = item.path.split("/").filter(Boolean);
    let folder = root;
    const chain = [root];
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { name: part, path: `${folder.path}${part}/`, folders: new Map(), files: [], problems: 0, count: 0 };
        folder.folders.set(part, next);
      }
      folder = next;
      chain.push(folder);
    }
    folder.files.push(item);
    for (const f of chain) {
      f.count += 1;
      if (item.problem) f.problems += 1;
    }
  }
  return root;
}

/**
 * The dry run as the tree it would write: folders open where something is wrong (and at the
 * top), each file with what would happen to it and its problem, if any. Closed folders render
 * nothing below them, so a 10,000-file preview stays light.
 */
export function PreviewTree({ items }: PreviewTreeProps) {
  const root = useMemo(() => buildTree(items), [items]);
  return (
    <ul role="tree" aria-label="Files to import" className="max-h-64 overflow-auto rounded-md p-2 font-mono text-xs ring-1 ring-slate-200">
      <FolderChildren folder={root} depth={0} />
    </ul>
  );
}

function FolderChildren({ folder, depth }: { folder: Folder; depth: number }) {
  const folders = [...folder.folders.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return (
    <>
      {folders.map((child) => (
        <FolderRow key={child.path} folder={child} depth={depth} />
      ))}
      {folder.files.map((item, i) => (
        <FileRow key={`${item.path}#${i}`} item={item} depth={depth} />
      ))}
    </>
  );
}

function FolderRow({ folder, depth }: { folder: Folder; depth: number }) {
  const [open, setOpen] = useState(folder.problems > 0 || depth === 0);
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-50"
        style={{ paddingLeft: depth * 14 + 4 }}
      >
        <span aria-hidden className="w-3 text-slate-400">
          {open ? "▾" : "▸"}
        </span>
        <span className="text-slate-800">{folder.name}/</span>
        <span className="text-slate-400">{folder.count}</span>
        {folder.problems > 0 && <Badge tone="red">{folder.problems} with problems</Badge>}
      </button>
      {open && (
        <ul role="group">
          <FolderChildren folder={folder} depth={depth + 1} />
        </ul>
      )}
    </li>
  );
}

function FileRow({ item, depth }: { item: ImportResultItem; depth: number }) {
  const action = ACTION[item.action] ?? { label: item.action, tone: "gray" as const };
  const name = item.path.split("/").pop() || item.path;
  return (
    <li role="treeitem" aria-selected={false} data-action={item.action} className="rounded px-1 py-0.5" style={{ paddingLeft: depth * 14 + 22 }}>
      <span className="flex flex-wrap items-center gap-2">
        <span className={item.problem ? "text-red-700" : "text-slate-700"}>{name}</span>
        <Badge tone={action.tone}>{action.label}</Badge>
        {item.size_bytes !== null && <span className="text-slate-400">{item.size_bytes.toLocaleString()} B</span>}
      </span>
      {item.problem && <span className="block font-sans text-red-700">{item.problem}</span>}
    </li>
  );
}
