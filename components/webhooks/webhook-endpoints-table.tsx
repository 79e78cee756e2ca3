"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from "@/lib/queries/use-webhooks.ts";

export type WebhookEndpointsTableProps = {
  selected: string | null;
  onSelect: (id: string | null) => void;
  onSecret: (secret: string) => void;
};

/** Registered endpoints: pick one to filter the delivery log; enable/disable, rotate the secret, delete. */
export function WebhookEndpointsTable({ selected, onSelect, onSecret }: WebhookEndpointsTableProps) {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const error = update.error ?? rotate.error ?? remove.error;
  return (
    <Card>
      {error && <ErrorAlert error={error} />}
      <QueryState
        isLoading={endpoints.isLoading}
        error={endpoints.error}
        isEmpty={endpoints.data?.data.length === 0}
        empty={<EmptyState title="No webhook endpoints yet">Register one to be told when memories change.</EmptyState>}
      >
        <Table columns={["Endpoint", "Events", "Store", "Created", ""]}>
          {endpoints.data?.data.map((endpoint) => (
            <Row key={endpoint.id} data-testid={`endpoint-row-${endpoint.id}`} className={selected === endpoint.id ? "bg-indigo-50" : undefined}>
              <Cell>
                <div className="break-all font-medium text-slate-900">{endpoint.url}</div>
                <div className="font-mono text-xs text-slate-400">{endpoint.id}</div>
              </Cell>
              <Cell className="space-x-1">
                {endpoint.events.map((type) => (
                  <Badge key={type}>{type}</Badge>
                ))}
              </Cell>
              <Cell className="font-mono text-xs text-slate-600">{endpoint.memory_store_id ?? "all stores"}</Cell>
              <Cell className="text-slate-600">{formatDateTime(endpoint.created_at)}</Cell>
              <Cell align="right" className="space-x-1 whitespace-nowrap">
                {!endpoint.enabled && <Badge tone="amber">disabled</Badge>}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-pressed={selected === endpoint.id}
                  onClick={() => onSelect(selected === endpoint.id ? null : endpoint.id)}
                >
                  Deliveries
                </Button>
                <Button size="sm" variant="secondary" onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
                  {endpoint.enabled ? "Disable" : "Enable"}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret) })}>
                  Rotate secret
                </Button>
                <Button size="sm" variant="danger-quiet" onClick={() => setDeleting(endpoint)}>
                  Delete
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
      <Dialog open={deleting !== null} title="Delete this endpoint?" onClose={() => setDeleting(null)}>
        <p className="text-sm text-slate-600">Its pending deliveries are dropped and its delivery log is deleted.</p>
        <DialogActions onCancel={() => setDeleting(null)} className="mt-4">
          <Button
            variant="danger"
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSettled: () => {
                  if (selected === deleting.id) onSelect(null);
                  setDeleting(null);
                },
              })
            }
          >
            Delete endpoint
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
