"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { sectionIn } from "@/lib/console/workspace-url.ts";
import { useMyWorkspaces } from "@/lib/queries/use-admin.ts";
import { useCurrentWorkspace } from "./current-workspace.tsx";
import { DisclosureMenu } from "./disclosure-menu.tsx";

/** A workspace's colour (its `display_color`), beside its name wherever it is named. */
export function WorkspaceDot({ color }: { color: string | undefined }) {
  return <span aria-hidden="true" className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10" style={{ background: color ?? "#cbd5e1" }} />;
}

/**
 * The header's workspace switcher: the workspaces the person may act in (GET /v1/me's
 * `workspaces`), each with its colour. Choosing one goes to the same section there
 * (`/stores/memstore_…` → `/stores?workspace=B`), never to an id of the workspace left.
 */
export function WorkspaceSwitcher() {
  const current = useCurrentWorkspace();
  const pathname = usePathname();
  const workspaces = useMyWorkspaces();
  const here = workspaces.find((w) => w.id === current);
  return (
    <DisclosureMenu
      buttonClassName="max-w-56 items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
      button={
        <>
          <WorkspaceDot color={here?.display_color} />
          <span className="sr-only">Workspace: </span>
          <span className="truncate" data-testid="current-workspace">
            {here?.name ?? "Workspace"}
          </span>
        </>
      }
    >
      {workspaces.map((w) => (
        <Link
          key={w.id}
          href={sectionIn(pathname, w.id)}
          aria-current={w.id === current ? "true" : undefined}
          className={`flex items-center gap-2 rounded px-3 py-2 text-sm md:py-1.5 ${w.id === current ? "bg-slate-100 font-medium text-slate-900" : "text-slate-700 hover:bg-slate-50"}`}
        >
          <WorkspaceDot color={w.display_color} />
          <span className="truncate">{w.name}</span>
        </Link>
      ))}
    </DisclosureMenu>
  );
}
