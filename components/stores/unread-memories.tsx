"use client";

import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { LoadMore } from "@/components/versions/load-more.tsx";
import { useUnreadMemories } from "@/lib/queries/use-reads.ts";
import { useStore } from "@/lib/queries/use-stores.ts";

const SPANS = [30, 90] as const;

/**
 * The store's memories no agent has read for 30 or 90 days (their last agent read, or their
 * creation when never read): what a write policy's unread_after_days would catch, for a person to
 * keep or delete. Reading them here does not count as a read.
 */
export function UnreadMemories({ storeId, days }: { storeId: string; days: number }) {
  const store = useStore(storeId);
  const unread = useUnreadMemories(storeId, days);
  usePageTitle([`Unread for ${days} days`, store.data?.name]);
  return (
    <div className="space-y-4">
      <PageHeader
        title={`Unread by agents for ${days} days`}
        description={
          <>
            Memories of{" "}
            <Link href={`/stores/${storeId}`} className="text-indigo-700 hover:underline">
              {store.data?.name ?? storeId}
            </Link>{" "}
            no agent has read for {days} days (people reading them in the console do not count). A write policy&apos;s{" "}
            <Link href={`/stores/${storeId}/policy`} className="text-indigo-700 hover:underline">
              unread after days
            </Link>{" "}
            can put them in the inbox or delete them.
          </>
        }
        actions={
          <nav aria-label="Unread for" className="flex gap-1">
            {SPANS.map((span) => (
              <Link
                key={span}
                href={`/stores/${storeId}/unread?days=${span}`}
                aria-current={span === days ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${span === days ? "bg-indigo-600 text-white" : "text-indigo-700 ring-1 ring-slate-300 hover:bg-indigo-50"}`}
              >
                {span} days
              </Link>
            ))}
          </nav>
        }
      />
      {unread.isPending ? (
        <Spinner label="Finding unread memories…" />
      ) : unread.error ? (
        <ErrorAlert error={unread.error} title="Could not list unread memories" />
      ) : (
        <Card>
          {unread.memories.length === 0 ? (
            <p className="p-4 text-sm text-slate-600" data-testid="unread-none">
              Every memory was read by an agent in the last {days} days, or is newer than that.
            </p>
          ) : (
            <Table dense columns={["Memory", "Last read by an agent", "Written", { label: "Size", align: "right" }]}>
              {unread.memories.map((m) => (
                <Row key={m.id} data-testid={`unread-memory-${m.path}`}>
                  <Cell className="font-mono text-xs break-all">
                    <Link href={`/stores/${storeId}/memories/${m.id}`} className="text-indigo-700 hover:underline">
                      {m.path}
                    </Link>
                  </Cell>
                  <Cell>{m.last_read_at ? <LocalTime iso={m.last_read_at} /> : "never"}</Cell>
                  <Cell>
                    <LocalTime iso={m.updated_at} />
                  </Cell>
                  <Cell className="text-right tabular-nums">{formatBytes(m.content_size_bytes)}</Cell>
                </Row>
              ))}
            </Table>
          )}
          <LoadMore query={unread} />
        </Card>
      )}
    </div>
  );
}
