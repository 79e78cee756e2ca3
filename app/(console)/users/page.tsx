"use client";

import { useState } from "react";
import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { UserForm } from "@/components/admin/user-form.tsx";
import { useSessionUser } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ROLES } from "@/lib/auth/roles.ts";
import { useUpdateUser, useUsers } from "@/lib/queries/use-admin.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export default function UsersPage() {
  return (
    <AdminOnly>
      <UsersTable />
    </AdminOnly>
  );
}

function UsersTable() {
  const me = useSessionUser();
  const users = useUsers();
  const update = useUpdateUser();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Users"
        description="People who can sign in to this console, and what their role lets them do."
        actions={<Button onClick={() => setCreating(true)}>Add user</Button>}
      />
      {update.error && (
        <div className="mb-4">
          <ErrorAlert error={update.error} />
        </div>
      )}
      <Card>
        <QueryState isLoading={users.isLoading} error={users.error}>
          <Table columns={["Email", "Role", "Status", "Created", ""]}>
            {users.data?.data.map((user) => (
              <Row key={user.id} data-testid={`user-row-${user.email}`}>
                <Cell>
                  <div className="font-medium text-slate-900">{user.email}</div>
                  {user.name && <div className="text-xs text-slate-500">{user.name}</div>}
                </Cell>
                <Cell>
                  <select
                    aria-label={`Role of ${user.email}`}
                    value={user.role}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ id: user.id, role: e.target.value })}
                    className="rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </Cell>
                <Cell>{user.disabled_at ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}</Cell>
                <Cell className="text-slate-600">{formatDateTime(user.created_at)}</Cell>
                <Cell align="right">
                  {user.id !== me.id && (
                    <Button size="sm" variant="secondary" onClick={() => update.mutate({ id: user.id, disabled: !user.disabled_at })}>
                      {user.disabled_at ? "Enable" : "Disable"}
                    </Button>
                  )}
                </Cell>
              </Row>
            ))}
          </Table>
        </QueryState>
      </Card>
      <Dialog open={creating} title="Add user" onClose={() => setCreating(false)}>
        <UserForm onDone={() => setCreating(false)} />
      </Dialog>
    </>
  );
}
