"use client";

import Link from "next/link";
import { useActorName, type ActorLike } from "@/components/versions/actor-name.tsx";
import { useActors } from "@/lib/queries/use-admin.ts";
import type { AuditEvent } from "@/lib/queries/use-integrity.ts";

/** Who took an audited action, as people read it (a user's email, a key's name); null is an operator's command on the server. */
export function AuditActor({ actor }: { actor: AuditEvent["actor"] }) {
  const nameOf = useActorName();
  if (!actor) return <span className="text-slate-500">server</span>;
  const name = nameOf(actor as unknown as ActorLike);
  return (
    <span title={name.id ?? undefined} data-testid="audit-actor">
      {name.label}
    </span>
  );
}

/** Each kind of target's name in words and where it is read in the console (its page, its report). */
const TARGETS: Record<string, { noun: string; href: (id: string) => string }> = {
  memory_store: { noun: "store", href: (id) => `/stores/${id}` },
  review_policy: { noun: "review setting of", href: (id) => `/stores/${id}/review` },
  write_policy: { noun: "write policy of", href: (id) => (id === "default" ? "/write-policy" : `/stores/${id}/policy`) },
  erasure: { noun: "erasure", href: (id) => `/erasures/${id}` },
  bulkdel: { noun: "bulk deletion", href: (id) => `/bulk-deletions/${id}` },
  restore: { noun: "restore", href: (id) => `/restores/${id}` },
  revert: { noun: "revert", href: (id) => `/reverts/${id}` },
  revundo: { noun: "batch undo", href: (id) => `/review/batches/${id}` },
  import: { noun: "import", href: (id) => `/imports/${id}` },
};

/** What an audited action was done to: a user by email, a key by name, anything with a page of its own as a link to it. */
export function AuditTarget({ target }: { target: AuditEvent["target"] }) {
  const actors = useActors();
  if (!target) return null;
  if (target.type === "user") {
    const email = actors.data?.users.find((u) => u.id === target.id)?.email;
    return (
      <span title={target.id} data-testid="audit-target">
        {email ?? `user ${target.id}`}
      </span>
    );
  }
  if (target.type === "api_key") {
    const name = actors.data?.api_keys.find((k) => k.id === target.id)?.name;
    return (
      <span title={target.id} data-testid="audit-target">
        {name ? `API key ${name}` : `API key ${target.id}`}
      </span>
    );
  }
  const known = TARGETS[target.type];
  if (!known) return <span className="font-mono text-xs" data-testid="audit-target">{`${target.type} ${target.id}`}</span>;
  return (
    <span data-testid="audit-target">
      {known.noun}{" "}
      <Link href={known.href(target.id)} className="font-mono text-xs text-indigo-700 hover:underline">
        {target.id === "default" ? "the instance default" : target.id}
      </Link>
    </span>
  );
}
