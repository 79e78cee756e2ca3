"use client";

import { useState } from "react";
import { WorkspaceDot } from "@/components/shell/workspace-switcher.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { useArchiveWorkspace, useCreateWorkspace, useUpdateWorkspace, useWorkspaces } from "@/lib/queries/use-workspaces.ts";
import { WorkspaceForm } from "./workspace-form.tsx";
import { WorkspaceMembers } from "./workspace-members.tsx";

type Workspace = { id: string; name: string; display_color: string; created_at: string; archived_at: string | null };
type Open = { kind: "create" } | { kind: "edit" | "members" | "archive"; workspace: Workspace } | null;

/** The organisation's workspaces (organisation admins): each with its colour, when it was made, whether it is archived. */
export function WorkspacesPage() {
  const workspaces = useWorkspaces();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <PageHeader
        title="Workspaces"
        description="Workspaces partition the organisation: every store, and everything about it, belongs to one."
        actions={<Button onClick={() => setOpen({ kind: "create" })}>New workspace</Button>}
      />
      <Card>
        <QueryState isLoading={workspaces.isLoading} error={workspaces.error}>
          <Table columns={["Name", "Created", "Status", ""]}>
            {workspaces.data?.data.map((w) => (
              <Row key={w.id} data-testid={`workspace-row-${w.name}`}>
                <Cell>
                  <div className="flex items-center gap-2 font-medium text-slate-900">
                    <WorkspaceDot color={w.display_color} />
                    {w.name}
                  </div>
                  <div className="font-mono text-xs text-slate-500">{w.id}</div>
                </Cell>
                <Cell>{formatDateTime(w.created_at)}</Cell>
                <Cell>{w.archived_at ? <Badge>Archived {formatDateTime(w.archived_at)}</Badge> : <Badge tone="green">Active</Badge>}</Cell>
                <Cell align="right">
                  {!w.archived_at && (
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: "members", workspace: w })} aria-label={`Members of ${w.name}`}>
                        Members
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: "edit", workspace: w })} aria-label={`Edit ${w.name}`}>
                        Edit
                      </Button>
                      {w.id !== DEFAULT_WORKSPACE_ID && (
                        <Button size="sm" variant="danger-quiet" onClick={() => setOpen({ kind: "archive", workspace: w })} aria-label={`Archive ${w.name}`}>
                          Archive
                        </Button>
                      )}
                    </div>
                  )}
                </Cell>
              </Row>
            ))}
          </Table>
        </QueryState>
      </Card>
      {open?.kind === "create" && <CreateDialog onClose={close} />}
      {open?.kind === "edit" && <EditDialog workspace={open.workspace} onClose={close} />}
      {open?.kind === "archive" && <ArchiveDialog workspace={open.workspace} onClose={close} />}
      {open?.kind === "members" && (
        <Dialog open title={`Members of ${open.workspace.name}`} onClose={close} wide>
          <WorkspaceMembers workspaceId={open.workspace.id} onClose={close} />
        </Dialog>
      )}
    </>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWorkspace();
  return (
    <Dialog open title="New workspace" onClose={onClose}>
      <WorkspaceForm
        submitLabel="Create workspace"
        pending={create.isPending}
        error={create.error}
        onCancel={onClose}
        onSubmit={(body) => create.mutate(body, { onSuccess: onClose })}
      />
    </Dialog>
  );
}

function EditDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const update = useUpdateWorkspace();
  return (
    <Dialog open title={`Edit ${workspace.name}`} onClose={onClose}>
      <WorkspaceForm
        initial={workspace}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onCancel={onClose}
        onSubmit={(body) => update.mutate({ id: workspace.id, ...body }, { onSuccess: onClose })}
      />
    </Dialog>
  );
}

/** Archiving is final; the API refuses a workspace with live stores (409) and says how many: shown as it says it. */
function ArchiveDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const archive = useArchiveWorkspace();
  return (
    <Dialog open title={`Archive ${workspace.name}?`} onClose={onClose}>
      <p className="text-sm text-slate-700">
        Archiving is final: its keys stop at once and it can no longer be chosen. A workspace with live stores cannot be archived; archive or delete them first.
      </p>
      {archive.error && (
        <div className="mt-4">
          <ErrorAlert error={archive.error} title="Not archived" />
        </div>
      )}
      <DialogActions className="mt-4" onCancel={onClose}>
        <Button variant="danger" disabled={archive.isPending} onClick={() => archive.mutate(workspace.id, { onSuccess: onClose })}>
          Archive workspace
        </Button>
      </DialogActions>
    </Dialog>
  );
}
