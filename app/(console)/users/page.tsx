"use client";

import { useState } from "react";
import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { UserForm } from "@/components/admin/user-form.tsx";
import { useSessionUser } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { QueryState } from "@/components/ui/states.tsx";
import { ROLES } from "@/lib/auth/roles.ts";
import { useUpdateUser, useUsers } from "@/lib/queries/use-admin.ts";

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
          <Alert>{update.error.message}</Alert>
        </div>
      )}
      <Card>
        <QueryState isLoading={users.isLoading} error={users.error}>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2">Email</th>
                <th className="px-4 py-2">Role</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2">Created</th>
                <th className="px-4 py-2" />
              </tr>
            </thead>
            <tbody>
              {users.data?.data.map((user) => (
                <tr key={user.id} className="border-b border-slate-100 last:border-0" data-testid={`user-row-${user.email}`}>
                  <td className="px-4 py-2">
                    <div className="font-medium text-slate-900">{user.email}</div>
                    {user.name && <div className="text-xs text-slate-500">{user.name}</div>}
                  </td>
                  <td className="px-4 py-2">
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
                  </td>
                  <td className="px-4 py-2">{user.disabled_at ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}</td>
                  <td className="px-4 py-2 text-slate-600">{formatDateTime(user.created_at)}</td>
                  <td className="px-4 py-2 text-right">
                    {user.id !== me.id && (
                      <Button size="sm" variant="secondary" onClick={() => update.mutate({ id: user.id, disabled: !user.disabled_at })}>
                        {user.disabled_at ? "Enable" : "Disable"}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </QueryState>
      </Card>
      <Dialog open={creating} title="Add user" onClose={() => setCreating(false)}>
        <UserForm onDone={() => setCreating(false)} />
      </Dialog>
    </>
  );
}
