"use client";

import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { useResendWebhookDelivery, useWebhookDeliveries, type WebhookDelivery } from "@/lib/queries/use-webhooks.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

const TONE = { delivered: "green", pending: "amber", failed: "red" } as const;

function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempt_count === 0) return <span className="text-slate-400">not tried yet</span>;
  return (
    <span className={delivery.last_error ? "text-red-700" : "text-slate-700"}>
      {delivery.last_status_code ?? "–"}
      {delivery.last_error && delivery.last_error !== `HTTP ${delivery.last_status_code}` ? ` · ${delivery.last_error}` : ""}
    </span>
  );
}

/** The delivery log (newest first, refreshed every few seconds), with "Resend" on each row. */
export function WebhookDeliveriesTable({ endpointId }: { endpointId: string | null }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  return (
    <Card>
      {resend.error && <ErrorAlert error={resend.error} />}
      <QueryState
        isLoading={deliveries.isLoading}
        error={deliveries.error}
        isEmpty={deliveries.data?.data.length === 0}
        empty={<EmptyState title="No deliveries yet">Each event sent to an endpoint shows up here with its attempts and status.</EmptyState>}
      >
        <Table columns={["Event", "Status", "Attempts", "Last answer", "When", ""]}>
          {deliveries.data?.data.map((d) => (
            <Row key={d.id} data-testid={`delivery-row-${d.id}`}>
              <Cell>
                <div className="font-mono text-xs text-slate-900">{d.event_type}</div>
                <div className="font-mono text-xs text-slate-400" title="webhook-id">
                  {d.event_id}
                </div>
              </Cell>
              <Cell>
                <Badge tone={TONE[d.status]}>{d.status}</Badge>
              </Cell>
              <Cell>{d.attempt_count}</Cell>
              <Cell className="text-sm">
                <Outcome delivery={d} />
              </Cell>
              <Cell className="text-slate-600">
                {formatDateTime(d.delivered_at ?? d.last_attempt_at ?? d.created_at)}
                {d.next_attempt_at && d.attempt_count > 0 && <div className="text-xs text-slate-400">next try {formatDateTime(d.next_attempt_at)}</div>}
              </Cell>
              <Cell align="right">
                <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(d.id)}>
                  Resend
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
