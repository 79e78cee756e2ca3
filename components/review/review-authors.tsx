"use client";

import { ActorLabel } from "@/components/versions/actor-name.tsx";
import type { ReviewItem } from "@/lib/queries/review-types.ts";

type Actor = ReviewItem["last_actor"];
const key = (a: Actor) => JSON.stringify(a);

/**
 * Whose writes an item awaits review of. Usually that is who wrote last; when a deliberate act
 * (an undo, a restore, an erase) put back or kept writes nobody reviewed, their authors are named
 * and the act's author is shown as who put them back.
 */
export function ReviewAuthors({ item, long = false }: { item: Pick<ReviewItem, "authors" | "last_actor">; long?: boolean }) {
  const authors = item.authors.length > 0 ? item.authors : [item.last_actor];
  const lastIsAuthor = authors.some((a) => key(a) === key(item.last_actor));
  const list = authors.map((actor, i) => (
    <span key={key(actor)}>
      {i > 0 && ", "}
      <ActorLabel actor={actor} />
    </span>
  ));
  if (lastIsAuthor && authors.length === 1) return long ? <>last written by {list}</> : <>{list}</>;
  return (
    <span data-testid="review-authors">
      written by {list}
      {!lastIsAuthor && (
        <>
          {" "}
          · {long ? "last written by" : "put back by"} <ActorLabel actor={item.last_actor} />
        </>
      )}
    </span>
  );
}
