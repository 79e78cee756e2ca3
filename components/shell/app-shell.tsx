"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useEffect, useState, type ReactNode } from "react";
import { usePreloadMonacoOnIntent } from "@/components/editor/preload-monaco.ts";
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
  { href: "/audit", label: "Audit log", admin: true },
  // Reviewers delete memories in bulk; stores take an admin (the page offers what the role allows).
  { href: "/bulk-deletions", label: "Bulk deletes", admin: false, write: true },
  // Not "Restores": a link named so would also answer to a search for "Stores".
  { href: "/restores", label: "Rollbacks", admin: false, write: true },
  { href: "/imports", label: "Imports", admin: false },
];

/**
 * The console's frame. From the `md` breakpoint (768 px) up: title, search and the user on one
 * row, the sections on a second. Below it the title and search share the row with a "Menu"
 * button that opens the sections and the user (e-mail, role, Sign out) as a panel, so nothing
 * of the header is ever off-screen on a phone.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const pathname = usePathname();
  // The page the menu was opened on: choosing a section (another page) closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOn(open ? pathname : null);
  usePreloadMonacoOnIntent();
  // Escape closes it too.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  const items = NAV.filter((item) => (item.admin ? user.role === "admin" : "write" in item ? user.role !== "viewer" : true));
  const badge = <Badge tone={user.role === "admin" ? "indigo" : user.role === "reviewer" ? "green" : "gray"}>{user.role}</Badge>;
  const signOutButton = (
    <button type="button" onClick={() => signOut({ callbackUrl: "/sign-in" })} className="text-slate-600 hover:text-slate-900">
      Sign out
    </button>
  );
  const link = (item: (typeof NAV)[number], layout: string) => {
    const active = pathname === item.href || pathname.startsWith(item.href + "/");
    return (
      <PrefetchLink
        key={item.href}
        href={item.href}
        aria-current={active ? "page" : undefined}
        className={`flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm ${layout} ${active ? "bg-slate-100 font-medium text-slate-900" : "text-slate-600 hover:text-slate-900"}`}
      >
        {item.label}
        {item.href === "/review" && <ReviewCount />}
      </PrefetchLink>
    );
  };
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 md:gap-6">
          <PrefetchLink href="/stores" className="shrink-0 whitespace-nowrap font-semibold text-slate-900">
            Memory Console
          </PrefetchLink>
          <div className="ml-auto min-w-0 flex-1 md:max-w-80">
            <HeaderSearch />
          </div>
          <div className="hidden shrink-0 items-center gap-3 whitespace-nowrap text-sm md:flex">
            <span className="max-w-48 truncate text-slate-700 lg:max-w-none" data-testid="signed-in-user" title={user.email}>
              {user.email}
            </span>
            {badge}
            {signOutButton}
          </div>
          <button
            type="button"
            className="shrink-0 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
        </div>
        {menuOpen && (
          <div id="console-menu" className="border-t border-slate-200 px-4 pb-3 pt-2 md:hidden" data-testid="console-menu">
            <nav aria-label="Main" className="grid grid-cols-2 gap-1">
              {items.map((item) => link(item, "py-2"))}
            </nav>
            <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3 text-sm">
              <span className="min-w-0 break-all text-slate-700" data-testid="menu-signed-in-user">
                {user.email}
              </span>
              {badge}
              <span className="ml-auto">{signOutButton}</span>
            </div>
          </div>
        )}
        {/* A row of its own: an admin's sections outgrow the top row, and a label never wraps. */}
        <nav aria-label="Main" className="mx-auto hidden max-w-7xl items-center gap-1 overflow-x-auto px-4 pb-2 md:flex">
          {items.map((item) => link(item, "py-1.5"))}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
