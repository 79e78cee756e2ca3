"use client";

import { useState } from "react";
import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { ApiKeyForm } from "@/components/admin/api-key-form.tsx";
import { KeyStores } from "@/components/admin/key-stores.tsx";
import { NewKeySecret } from "@/components/admin/new-key-secret.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import type { ApiKey } from "@/lib/queries/types.ts";
import { useApiKeys, useMyWorkspaces, useRevokeApiKey } from "@/lib/queries/use-admin.ts";
import { WorkspaceDot } from "@/components/shell/workspace-switcher.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

/** A workspace key's workspace, by name and colour (its id where the person cannot see it by name). */
function WorkspaceScope({ workspace, id }: { workspace: { name: string; display_color: string } | undefined; id: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700" title={id} data-testid="key-scope">
      <WorkspaceDot color={workspace?.display_color} />
      {workspace?.name ?? <span className="font-mono text-xs">{id}</span>}
    </span>
  );
}

function KeysTable() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const workspaces = useMyWorkspaces();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Card>
      {revoke.error && <ErrorAlert error={revoke.error} />}
      <QueryState
        isLoading={keys.isLoading}
        error={keys.error}
        isEmpty={keys.data?.data.length === 0}
        empty={<EmptyState title="No API keys yet">Create one for each agent or script that talks to the API.</EmptyState>}
      >
        <Table columns={["Name", "Key", "Scope", "Access", "Created", ""]}>
          {keys.data?.data.map((key) => (
            <Row key={key.id} data-testid={`key-row-${key.name}`}>
              <Cell>
                <div className="font-medium text-slate-900">{key.name}</div>
                <div className="font-mono text-xs text-slate-500">{key.id}</div>
              </Cell>
              <Cell className="font-mono text-xs">{key.prefix}…</Cell>
              <Cell>
                {key.scope.type === "organization" ? (
                  <span data-testid="key-scope">
                    <Badge tone="indigo" title="Acts in every workspace, chosen per request with anthropic-workspace-id (Default without it)">
                      Organisation
                    </Badge>
                  </span>
                ) : (
                  <WorkspaceScope
                    workspace={workspaces.find((w) => w.id === (key.scope as { workspace_id: string }).workspace_id)}
                    id={key.scope.workspace_id}
                  />
                )}
              </Cell>
              <Cell>
                <div className="flex flex-wrap gap-1">
                  {key.oauth_client && (
                    <Badge tone="green" title={`An OAuth grant to the MCP client ${key.oauth_client.name} (${key.oauth_client.id})`}>
                      OAuth grant
                    </Badge>
                  )}
                  <Badge tone="indigo">{key.role}</Badge>
                  {key.read_only && <Badge tone="amber">read-only</Badge>}
                  <Badge>{key.stores ? `${key.stores.length} store${key.stores.length === 1 ? "" : "s"}` : "all stores"}</Badge>
                </div>
                {key.stores && <KeyStores stores={key.stores} />}
              </Cell>
              <Cell className="text-slate-600">
                {formatDateTime(key.created_at)}
                {key.oauth_client && (
                  <div className="text-xs text-slate-500">
                    {key.oauth_client.last_token_issued_at ? `Last token ${formatDateTime(key.oauth_client.last_token_issued_at)}` : "No token yet"}
                  </div>
                )}
              </Cell>
              <Cell align="right">
                {key.revoked_at ? (
                  <Badge tone="red" title={`Revoked ${formatDateTime(key.revoked_at)}`}>
                    revoked
                  </Badge>
                ) : (
                  <Button size="sm" variant="danger-quiet" onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                )}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
      <Dialog open={revoking !== null} title={`Revoke ${revoking?.name ?? ""}?`} onClose={() => setRevoking(null)}>
        <p className="text-sm text-slate-600">
          {revoking?.oauth_client
            ? "The MCP client's access and refresh tokens stop working at once; it must ask for consent again. This cannot be undone."
            : "Every request with this key fails from now on. This cannot be undone."}
        </p>
        <DialogActions onCancel={() => setRevoking(null)} className="mt-4">
          <Button variant="danger" onClick={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}>
            Revoke key
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

export default function ApiKeysPage() {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <AdminOnly>
      <PageHeader
        title="API keys"
        description="Keys for agents and scripts using the Memory Stores API (send as x-api-key or Authorization: Bearer). Writes are attributed to the key."
        actions={<Button onClick={() => setCreating(true)}>Create key</Button>}
      />
      <KeysTable />
      <Dialog open={creating} title="Create API key" onClose={() => setCreating(false)}>
        <ApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setSecret(key.secret);
          }}
        />
      </Dialog>
      <Dialog open={secret !== null} title="Your new API key" onClose={() => setSecret(null)}>
        {secret && <NewKeySecret secret={secret} onDone={() => setSecret(null)} />}
      </Dialog>
    </AdminOnly>
  );
}
