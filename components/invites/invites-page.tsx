"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { usePendingInvites, useRevokeInvite } from "@/lib/queries/use-invites.ts";
import { InviteForm } from "./invite-form.tsx";

/** Invites by link (there is no mail server): make one, pass its link on, revoke what was not used. */
export function InvitesPage() {
  const invites = usePendingInvites();
  const revoke = useRevokeInvite();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Invites"
        description="An invite is a link that lets one person make their account and join a workspace. It expires after a week."
        actions={<Button onClick={() => setCreating(true)}>Invite someone</Button>}
      />
      {revoke.error && (
        <div className="mb-4">
          <ErrorAlert error={revoke.error} />
        </div>
      )}
      <Card>
        <QueryState isLoading={invites.isLoading} error={invites.error} isEmpty={invites.data?.data.length === 0} empty="No pending invites.">
          <Table columns={["Email", "Role", "Invited", "Expires", ""]}>
            {invites.data?.data.map((invite) => (
              <Row key={invite.id} data-testid={`invite-row-${invite.email}`}>
                <Cell className="break-all">{invite.email}</Cell>
                <Cell>{invite.role}</Cell>
                <Cell>{formatDateTime(invite.invited_at)}</Cell>
                <Cell>{formatDateTime(invite.expires_at)}</Cell>
                <Cell align="right">
                  <Button
                    size="sm"
                    variant="danger-quiet"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invite.id)}
                    aria-label={`Revoke the invite of ${invite.email}`}
                  >
                    Revoke
                  </Button>
                </Cell>
              </Row>
            ))}
          </Table>
        </QueryState>
      </Card>
      <Dialog open={creating} title="Invite someone" onClose={() => setCreating(false)}>
        <InviteForm onDone={() => setCreating(false)} />
      </Dialog>
    </>
  );
}
