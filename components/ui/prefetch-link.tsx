"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ComponentProps } from "react";
import { prefetchRoute } from "@/components/shell/prefetch-route.ts";

/** A console link that starts loading its page's data on hover, focus or press (see prefetchRoute). */
export function PrefetchLink({ onMouseEnter, onFocus, onPointerDown, ...props }: ComponentProps<typeof Link>) {
  const client = useQueryClient();
  const warm = () => prefetchRoute(client, typeof props.href === "string" ? props.href : (props.href.pathname ?? ""));
  return (
    <Link
      {...props}
      onMouseEnter={(event) => (warm(), onMouseEnter?.(event))}
      onFocus={(event) => (warm(), onFocus?.(event))}
      onPointerDown={(event) => (warm(), onPointerDown?.(event))}
    />
  );
}
