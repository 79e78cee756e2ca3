"use client";

import { Fragment } from "react";
import type { BetaManagedAgentsActor } from "@anthropic-ai/sdk/resources/beta/memory-stores";
import { actorFromColumns } from "@/lib/memory/actor.ts";
import { ActorLabel } from "./actor-name.tsx";

export type ActorTextPart = { text: string } | { actor: BetaManagedAgentsActor };

/**
 * An actor as report texts name it: `<type> <id>` (`conflict: changed after the batch by
 * session_actor sess_… (version memver_…)`, lib/memory/review-batches/find-batch-undo.ts and
 * lib/memory/time-travel/revert-operation.ts). The id runs to a space, comma or parenthesis.
 */
const ACTOR_IN_TEXT = /\b(api_actor|session_actor|user_actor|service_account_actor) ([^\s(),]+)/g;

/** A report text cut into plain text and the actors it names, in order. */
export function splitActors(text: string): ActorTextPart[] {
  const parts: ActorTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ACTOR_IN_TEXT)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ actor: actorFromColumns(match[1]!, match[2]!)! }); // the pattern names only the four actor types
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** A report's reason with each actor it names shown as the console names it (`session sess_… · API key <name> (<creator>)`). */
export function ActorText({ text }: { text: string }) {
  return (
    <>
      {splitActors(text).map((part, i) => (
        <Fragment key={i}>{"text" in part ? part.text : <ActorLabel actor={part.actor} />}</Fragment>
      ))}
    </>
  );
}
