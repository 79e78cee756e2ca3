"use client";

import { useCallback } from "react";
import type { BetaManagedAgentsActor } from "@anthropic-ai/sdk/resources/beta/memory-stores";
import { useActors } from "@/lib/queries/use-admin.ts";

export type ActorLike = BetaManagedAgentsActor | null | undefined;
export type ActorName = { label: string; id: string | null };

/** Who acted, as people read it: a user's email, an API key's name, else the kind and id. */
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
        case "session_actor":
          return { label: `session ${actor.session_id}`, id: actor.session_id };
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
