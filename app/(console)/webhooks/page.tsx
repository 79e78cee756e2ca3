"use client";

import { useState } from "react";
import { AdminOnly } from "@/components/admin/admin-only.tsx";

import { Button } from "@/components/ui/button.tsx";
import { PageHeader } from "@/components/ui/card.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { WebhookDeliveriesTable } from "@/components/webhooks/webhook-deliveries-table.tsx";
import { WebhookEndpointForm } from "@/components/webhooks/webhook-endpoint-form.tsx";
import { WebhookEndpointsTable } from "@/components/webhooks/webhook-endpoints-table.tsx";
import { NewWebhookSecret } from "@/components/webhooks/new-webhook-secret.tsx";

export default function WebhooksPage() {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <AdminOnly>
      <PageHeader
        title="Webhooks"
        description="Endpoints told about memory, store and review events, signed per Standard Webhooks (verify with the SDK's webhooks.unwrap())."
        actions={<Button onClick={() => setCreating(true)}>Register endpoint</Button>}
      />
      <WebhookEndpointsTable selected={selected} onSelect={setSelected} onSecret={setSecret} />
      <h2 className="mb-2 mt-8 text-base font-semibold text-slate-900">Delivery log{selected ? ` · ${selected}` : ""}</h2>
      <WebhookDeliveriesTable endpointId={selected} />
      <Dialog open={creating} title="Register webhook endpoint" onClose={() => setCreating(false)}>
        <WebhookEndpointForm
          onCancel={() => setCreating(false)}
          onCreated={(endpoint) => {
            setCreating(false);
            setSecret(endpoint.secret);
          }}
        />
      </Dialog>
      <Dialog open={secret !== null} title="Signing secret" onClose={() => setSecret(null)}>
        {secret && <NewWebhookSecret secret={secret} onDone={() => setSecret(null)} />}
      </Dialog>
    </AdminOnly>
  );
}
