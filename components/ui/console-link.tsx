"use client";

import NextLink from "next/dist/client/app-dir/link.js";
import { formatUrl } from "next/dist/shared/lib/router/utils/format-url.js";
import type PublicLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";
import { useWorkspaceHref } from "@/components/shell/current-workspace.tsx";

export { useLinkStatus } from "next/dist/client/app-dir/link.js";

type LinkProps = ComponentProps<typeof PublicLink>;
/** The same component as next/link's (whose declared props are the ones used here). */
const BaseLink = NextLink as unknown as typeof PublicLink;

/**
 * What `next/link` is in this app (next.config.mjs aliases it here): Next.js's own <Link>, but
 * prefetching on intent only (pointer over it, focus, touch), never because it is on screen.
 *
 * Next.js prefetches every link in the viewport as soon as the page hydrates. Every console
 * page is dynamic, so each prefetch is a server render: at load the header's eleven sections,
 * a store's section links, its activity strip's 48 bars and its tree's rows made dozens, four
 * at a time, and a reader's first click waited behind them on the browser's connections and the
 * server's CPU (issue 42). A link pointed at is about to be followed: that one is prefetched.
 * `prefetch={false}` still means never.
 *
 * It is also where every console link carries the current workspace (`?workspace=`,
 * lib/console/workspace-url.ts): one place, so no link of a page can lead out of it.
 */
export default function Link({ prefetch = null, onMouseEnter, onFocus, onTouchStart, href: to, ...rest }: LinkProps) {
  const router = useRouter();
  const inWorkspace = useWorkspaceHref();
  const props = { ...rest, href: typeof to === "string" ? inWorkspace(to) : to };
  const intent = () => {
    if (prefetch === false) return;
    router.prefetch(typeof props.href === "string" ? props.href : formatUrl(props.href));
  };
  return (
    <BaseLink
      {...props}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        intent();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        intent();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        intent();
      }}
    />
  );
}
