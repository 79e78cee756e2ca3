"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Field, Select } from "@/components/ui/field.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import { useAuditEvents } from "@/lib/queries/use-integrity.ts";
import { AUDIT_ACTIONS } from "@/lib/memory/audit/audit-actions.ts";
import { AuditActor, AuditTarget } from "./audit-names.tsx";

/** The audit log (GET /v1/audit_events): newest first, filtered by action, downloadable whole. */
export function AuditEventsPage() {
  const [action, setAction] = useState("");
  const [pages, setPages] = useState<string[]>([]);
  const events = useAuditEvents({ action: action || undefined, page: pages[pages.length - 1] });
  const download = (format: "csv" | "jsonl") => operationUrl("listAuditEvents", { query: { format, action: action || undefined } });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Administrative actions by people and keys: keys, roles, policies, exports, erasures, bulk deletions, restores, reverts and imports. Append-only and hash-chained (npm run verify checks it)."
        actions={
          <span className="flex gap-2">
            <a className="text-sm font-medium text-indigo-700 underline" href={download("csv")} download>
              Download CSV
            </a>
            <a className="text-sm font-medium text-indigo-700 underline" href={download("jsonl")} download>
              Download JSON Lines
            </a>
          </span>
        }
      />
      <div className="mb-3 max-w-xs">
        <Field label="Action" htmlFor="audit-action">
          <Select
            id="audit-action"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPages([]);
            }}
          >
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Card>
        <QueryState
          isLoading={events.isLoading}
          error={events.error}
          isEmpty={events.data?.data.length === 0}
          empty={<EmptyState title="Nothing recorded yet">Actions appear here as admins and keys take them.</EmptyState>}
        >
          <Table columns={["When", "Action", "Who", "What", "Details"]} dense>
            {events.data?.data.map((e) => (
              <Row key={e.id} data-testid="audit-row">
                <Cell className="whitespace-nowrap text-slate-600">{formatDateTime(e.created_at)}</Cell>
                <Cell className="font-mono text-xs">{e.action}</Cell>
                <Cell className="text-xs">
                  <AuditActor actor={e.actor} />
                </Cell>
                <Cell className="text-xs">
                  <AuditTarget target={e.target} />
                </Cell>
                <Cell className="max-w-md truncate font-mono text-xs text-slate-600">{JSON.stringify(e.details)}</Cell>
              </Row>
            ))}
          </Table>
        </QueryState>
      </Card>
      <div className="mt-3 flex gap-2">
        {pages.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => setPages(pages.slice(0, -1))}>
            Newer
          </Button>
        )}
        {events.data?.next_page && (
          <Button size="sm" variant="secondary" onClick={() => setPages([...pages, events.data!.next_page!])}>
            Older
          </Button>
        )}
      </div>
    </>
  );
}
