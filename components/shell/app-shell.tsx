"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import type { ReactNode } from "react";
import { usePreloadMonaco } from "@/components/editor/preload-monaco.ts";
import { ReviewCount } from "@/components/review/review-count.tsx";
import { HeaderSearch } from "@/components/search/header-search.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { useSessionUser } from "./session-user.tsx";

const NAV = [
  { href: "/stores", label: "Stores", admin: false },
  { href: "/review", label: "Review", admin: false },
  { href: "/users", label: "Users", admin: true },
  { href: "/api-keys", label: "API keys", admin: true },
  { href: "/api-reference", label: "API reference", admin: false },
  { href: "/erasures", label: "Erasures", admin: true },
  { href: "/webhooks", label: "Webhooks", admin: true },
  // Reviewers delete memories in bulk; stores take an admin (the page offers what the role allows).
  { href: "/bulk-deletions", label: "Bulk deletes", admin: false, write: true },
];

export function AppShell({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const pathname = usePathname();
  usePreloadMonaco();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4">
          <PrefetchLink href="/stores" className="whitespace-nowrap font-semibold text-slate-900">
            Memory Console
          </PrefetchLink>
          <div className="ml-auto min-w-0">
            <HeaderSearch />
          </div>
          <div className="flex shrink-0 items-center gap-3 whitespace-nowrap text-sm">
            <span className="text-slate-700" data-testid="signed-in-user">
              {user.email}
            </span>
            <Badge tone={user.role === "admin" ? "indigo" : user.role === "reviewer" ? "green" : "gray"}>{user.role}</Badge>
            <button type="button" onClick={() => signOut({ callbackUrl: "/sign-in" })} className="text-slate-600 hover:text-slate-900">
              Sign out
            </button>
          </div>
        </div>
        {/* A row of its own: an admin's sections outgrow the top row, and a label never wraps. */}
        <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4 pb-2">
          {NAV.filter((item) => (item.admin ? user.role === "admin" : "write" in item ? user.role !== "viewer" : true)).map((item) => {
            const active = pathname === item.href || pathname.startsWith(item.href + "/");
            return (
              <PrefetchLink
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${active ? "bg-slate-100 font-medium text-slate-900" : "text-slate-600 hover:text-slate-900"}`}
              >
                {item.label}
                {item.href === "/review" && <ReviewCount />}
              </PrefetchLink>
            );
          })}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
