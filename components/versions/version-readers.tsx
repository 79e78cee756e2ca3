"use client";

import { Badge } from "@/components/ui/badge.tsx";
import { Card } from "@/components/ui/card.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { useVersionReaders } from "@/lib/queries/use-reads.ts";
import { ActorLabel } from "./actor-name.tsx";
import { LoadMore } from "./load-more.tsx";

const CHANNEL = { memory_tool: "memory tool", mcp: "MCP", api: "API", sync: "sync", console: "console" } as Record<string, string>;

/**
 * The blast radius of a version: every agent session, key and person handed its content while it
 * was the memory's head (GET /v1/version_readers). A reviewer who finds a poisoned line here
 * sees which sessions took it in, and so whose work to check again.
 */
export function VersionReaders({ storeId, versionId }: { storeId: string; versionId: string }) {
  const query = useVersionReaders(storeId, versionId);
  if (query.isPending) return null;
  if (query.error) return <ErrorAlert error={query.error} title="Could not load who read this version" />;
  const { total, readers } = query;
  return (
    <Card>
      <section aria-labelledby="version-readers-title" data-testid="version-readers">
        <h2 id="version-readers-title" className="px-4 pt-4 text-base font-semibold text-slate-900">
          {total === 0 ? "Nobody read this version while it was current" : `Read by ${total} ${total === 1 ? "session" : "sessions"} while current`}
        </h2>
        <p className="px-4 pb-2 text-xs text-slate-600">
          Each agent session or key that was handed this content while it was the memory&apos;s head (reads show within about a second; people reading it in the
          console are not listed).
        </p>
        {total > 0 && (
          <Table dense columns={["Reader", "Session", "Through", "First read", "Last read", { label: "Reads", align: "right" }]}>
            {readers.map((r) => (
              <Row key={`${r.api_key_id ?? r.user_id}-${r.session_id ?? ""}`} data-testid="version-reader">
                <Cell>
                  <ActorLabel actor={r.api_key_id ? { type: "api_actor", api_key_id: r.api_key_id } : { type: "user_actor", user_id: r.user_id! }} />
                </Cell>
                <Cell className="font-mono text-xs break-all">{r.session_id ?? "—"}</Cell>
                <Cell>
                  <span className="flex flex-wrap gap-1">
                    {r.channels.map((channel) => (
                      <Badge key={channel} tone={channel === "console" ? "gray" : "indigo"}>
                        {CHANNEL[channel] ?? channel}
                      </Badge>
                    ))}
                  </span>
                </Cell>
                <Cell>
                  <LocalTime iso={r.first_read_at} />
                </Cell>
                <Cell>
                  <LocalTime iso={r.last_read_at} />
                </Cell>
                <Cell className="text-right tabular-nums">{r.read_count.toLocaleString()}</Cell>
              </Row>
            ))}
          </Table>
        )}
        <LoadMore query={query} />
      </section>
    </Card>
  );
}
