"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Select } from "@/components/ui/field.tsx";
import { QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { apiClient } from "@/lib/api-client/client.ts";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/lib/auth/workspace-roles.ts";
import { useMemberChange, useOrganizationUsers, useWorkspaceMembers } from "@/lib/queries/use-workspaces.ts";

/** The SDK's rule: a member is added with any role but workspace_billing (update takes every role). */
const ADDABLE_ROLES = WORKSPACE_ROLES.filter((role) => role !== "workspace_billing");

/** A workspace's members with their roles: add an existing user, change a role, remove. */
export function WorkspaceMembers({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const members = useWorkspaceMembers(workspaceId);
  const users = useOrganizationUsers();
  const params = (userId: string) => ({ workspace_id: workspaceId, user_id: userId });
  const add = useMemberChange(workspaceId, (body: { user_id: string; workspace_role: WorkspaceRole }) =>
    apiClient.call("addWorkspaceMember", { params: { workspace_id: workspaceId }, body }),
  );
  const change = useMemberChange(workspaceId, ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
    apiClient.call("updateWorkspaceMember", { params: params(userId), body: { workspace_role: role } }),
  );
  const remove = useMemberChange(workspaceId, (userId: string) => apiClient.call("removeWorkspaceMember", { params: params(userId) }));
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("workspace_user");
  const emailOf = (id: string) => users.data?.data.find((u) => u.id === id)?.email ?? id;
  const memberIds = new Set(members.data?.data.map((m) => m.user_id));
  const error = add.error ?? change.error ?? remove.error;
  return (
    <div className="space-y-4">
      <QueryState isLoading={members.isLoading} error={members.error}>
        <Table columns={["User", "Role", ""]} dense>
          {members.data?.data.map((m) => (
            <Row key={m.user_id} data-testid={`member-row-${emailOf(m.user_id)}`}>
              <Cell className="break-all">{emailOf(m.user_id)}</Cell>
              <Cell>
                <Select
                  aria-label={`Role of ${emailOf(m.user_id)}`}
                  value={m.workspace_role}
                  disabled={change.isPending}
                  onChange={(e) => change.mutate({ userId: m.user_id, role: e.target.value as WorkspaceRole })}
                >
                  {WORKSPACE_ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </Select>
              </Cell>
              <Cell align="right">
                <Button size="sm" variant="danger-quiet" disabled={remove.isPending} onClick={() => remove.mutate(m.user_id)}>
                  Remove
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (userId) add.mutate({ user_id: userId, workspace_role: role }, { onSuccess: () => setUserId("") });
        }}
      >
        <Select aria-label="User to add" value={userId} onChange={(e) => setUserId(e.target.value)} className="min-w-0 flex-1">
          <option value="">Add a user…</option>
          {users.data?.data
            .filter((u) => !memberIds.has(u.id))
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
        </Select>
        <Select aria-label="Role of the new member" value={role} onChange={(e) => setRole(e.target.value as WorkspaceRole)}>
          {ADDABLE_ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </Select>
        <Button type="submit" disabled={!userId || add.isPending}>
          Add member
        </Button>
      </form>
      {error && <ErrorAlert error={error} />}
      <DialogActions onCancel={onClose} cancelLabel="Done">
        {null}
      </DialogActions>
    </div>
  );
}
