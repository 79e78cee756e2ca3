"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useCurrentWorkspace, useDefaultWorkspace } from "@/components/shell/current-workspace.tsx";
import { ApiError } from "@/lib/api-client/request.ts";
import { useMe } from "@/lib/queries/use-admin.ts";

const REFUSALS: Record<number, string> = { 403: "You are not a member of this workspace", 404: "This workspace does not exist" };

/**
 * A URL naming a workspace the person may not act in answers a full page that says so, with a
 * way back to their own, instead of every panel of the page failing on its own. GET /v1/me is
 * asked in the URL's workspace and refused as every other request there would be (403: not a
 * member, 404: no such live workspace). The page renders meanwhile, so a good link waits for
 * nothing.
 */
export function WorkspaceGate({ children }: { children: ReactNode }) {
  const workspaceId = useCurrentWorkspace();
  const me = useMe();
  const refused = me.error instanceof ApiError ? REFUSALS[me.error.status] : undefined;
  if (workspaceId === null) return <Refusal title="You are not a member of any workspace" detail="Ask an organisation admin to add you to one." />;
  if (refused) return <Refusal title={refused} detail={`The link names the workspace ${workspaceId}.`} back />;
  return <>{children}</>;
}

function Refusal({ title, detail, back }: { title: string; detail: string; back?: boolean }) {
  const own = useDefaultWorkspace();
  return (
    <div className="mx-auto mt-12 max-w-lg rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" data-testid="workspace-refusal">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 break-words text-sm text-slate-600">{detail}</p>
      {back && own && (
        <Link href={`/stores?workspace=${own}`} className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
          Go to your workspace
        </Link>
      )}
    </div>
  );
}
