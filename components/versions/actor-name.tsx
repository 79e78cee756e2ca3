"use client";

import { useCallback } from "react";
import type { BetaManagedAgentsActor } from "@anthropic-ai/sdk/resources/beta/memory-stores";
import { useActors } from "@/lib/queries/use-admin.ts";

export type ActorLike = BetaManagedAgentsActor | null | undefined;
export type ActorName = { label: string; id: string | null };

/**
 * Who acted, as people read it: a user's email, an API key's name, a session with the key it ran
 * with (and the user who made that key), else the kind and id. `id` is the raw id, for a title.
 */
export function useActorName(): (actor: ActorLike) => ActorName {
  const actors = useActors();
  return useCallback(
    (actor: ActorLike) => {
      if (!actor) return { label: "unknown", id: null };
      switch (actor.type) {
        case "user_actor": {
          const user = actors.data?.users.find((u) => u.id === actor.user_id);
          return { label: user?.email ?? `user ${actor.user_id}`, id: actor.user_id };
        }
        case "api_actor": {
          const key = actors.data?.api_keys.find((k) => k.id === actor.api_key_id);
          return { label: key ? `API key ${key.name}` : `API key ${actor.api_key_id}`, id: actor.api_key_id };
        }
        case "session_actor": {
          const keyId = actors.data?.sessions.find((s) => s.id === actor.session_id)?.api_key_id;
          const key = keyId ? actors.data?.api_keys.find((k) => k.id === keyId) : undefined;
          const owner = key?.created_by_user_id ? actors.data?.users.find((u) => u.id === key.created_by_user_id) : undefined;
          const via = key ? ` · API key ${key.name}${owner ? ` (${owner.email})` : ""}` : keyId ? ` · API key ${keyId}` : "";
          return { label: `session ${actor.session_id}${via}`, id: actor.session_id };
        }
        case "service_account_actor":
          return { label: `service account ${actor.service_account_id}`, id: actor.service_account_id };
      }
    },
    [actors.data],
  );
}

export function ActorLabel({ actor }: { actor: ActorLike }) {
  const name = useActorName()(actor);
  return (
    <span title={name.id ?? undefined} className="text-slate-700">
      {name.label}
    </span>
  );
}
