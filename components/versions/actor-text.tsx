"use client";

import { Fragment } from "react";
import type { BetaManagedAgentsActor } from "@anthropic-ai/sdk/resources/beta/memory-stores";
import { ActorLabel } from "./actor-name.tsx";

export type ActorTextPart = { text: string } | { actor: BetaManagedAgentsActor };

/**
 * An actor as report texts name it: `<type> <id>` (`conflict: changed after the batch by
 * session_actor sess_… (version memver_…)`, lib/memory/review-batches/find-batch-undo.ts and
 * lib/memory/time-travel/revert-operation.ts). The id runs to a space, comma or parenthesis.
 */
const ACTOR_IN_TEXT = /\b(api_actor|session_actor|user_actor|service_account_actor) ([^\s(),]+)/g;

const actorOf = (type: string, id: string): BetaManagedAgentsActor => {
  switch (type) {
    case "api_actor":
      return { type, api_key_id: id };
    case "session_actor":
      return { type, session_id: id };
    case "user_actor":
      return { type, user_id: id };
    default:
      return { type: "service_account_actor", service_account_id: id };
  }
};

/** A report text cut into plain text and the actors it names, in order. */
export function splitActors(text: string): ActorTextPart[] {
  const parts: ActorTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ACTOR_IN_TEXT)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ actor: actorOf(match[1]!, match[2]!) });
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
