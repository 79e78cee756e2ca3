"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import type { exposedSessionWire } from "@/lib/memory/reads/exposed-sessions.ts";

type ExposedSession = ReturnType<typeof exposedSessionWire>;

/**
 * The agent sessions that read what a restore, an undo or an erase removes (planned) or removed: the act
 * takes the content out of the store, not out of their context, so their work is for a person to
 * check again.
 */
export function ExposedSessions({ sessions, done }: { sessions: readonly ExposedSession[] | undefined; done: boolean }) {
  if (!sessions || sessions.length === 0) return null;
  const count = `${sessions.length} agent ${sessions.length === 1 ? "session" : "sessions"}`;
  return (
    <Alert tone="warning" title={`${count} read what this ${done ? "removed" : "removes"}`}>
      <p className="mb-2">Their work may rest on it: check or re-run them.</p>
      <ul className="space-y-1" data-testid="exposed-sessions">
        {sessions.map((s) => (
          <li key={`${s.api_key_id}-${s.session_id ?? ""}`} data-testid="exposed-session" className="break-words">
            <span className="font-mono text-xs">{s.session_id ?? "no session"}</span> · <ActorLabel actor={{ type: "api_actor", api_key_id: s.api_key_id }} /> ·{" "}
            {s.memory_ids.length} {s.memory_ids.length === 1 ? "memory" : "memories"}, {s.read_count} {s.read_count === 1 ? "read" : "reads"}, last{" "}
            <LocalTime iso={s.last_read_at} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}
