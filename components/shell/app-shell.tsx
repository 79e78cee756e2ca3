"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { usePreloadMonacoOnIntent } from "@/components/editor/preload-monaco.ts";
import { ReviewCount } from "@/components/review/review-count.tsx";
import { HeaderSearch } from "@/components/search/header-search.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { useHydrated } from "@/components/ui/local-time.tsx";
import { useIsOrganizationAdmin } from "@/lib/queries/use-admin.ts";
import { DisclosureMenu } from "./disclosure-menu.tsx";
import { isSection, NAV_GROUPS, NAV_LINKS, type NavItem } from "./nav-sections.ts";
import { usePermissions, useSessionUser } from "./session-user.tsx";
import { WorkspaceGate } from "./workspace-gate.tsx";
import { WorkspaceSwitcher } from "./workspace-switcher.tsx";

/**
 * The console's frame. From the `md` breakpoint (768 px) up: title, search and the user on one
 * row; the workspace switcher and the sections (nav-sections.ts: Stores, Review, and the
 * Activity and Settings menus) on a second. Below it the title and search share the row with a "Menu"
 * button that opens the sections and the user (e-mail, role, Sign out) as a panel, so nothing
 * of the header is ever off-screen on a phone.
 *
 * The header works before the page has hydrated, as a tap on a slow phone comes early: the menu
 * is a popover the browser opens and closes itself (Escape and a tap outside close it too), Sign
 * out a form posted to next-auth's sign-out endpoint with the session's CSRF token (`csrfToken`,
 * read by the console layout), Ctrl/Cmd+K an inline script (before-hydration.ts). Once hydrated,
 * the button's aria-expanded follows the popover, and Sign out goes through next-auth's client.
 */
export function AppShell({ children, csrfToken }: { children: ReactNode; csrfToken: string | null }) {
  const user = useSessionUser();
  const pathname = usePathname();
  const menu = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  usePreloadMonacoOnIntent();
  useEffect(() => {
    const panel = menu.current!;
    // Opened before hydration: the state starts from the popover as it is.
    setMenuOpen(panel.matches(":popover-open"));
    // Its content is rendered before the popover shows (no empty frame), and goes once it is hidden.
    const beforeToggle = (event: Event) => (event as ToggleEvent).newState === "open" && flushSync(() => setMenuOpen(true));
    const onToggle = (event: Event) => setMenuOpen((event as ToggleEvent).newState === "open");
    // From md up the sections are the header's row: a menu left open on a narrow window closes.
    const wide = window.matchMedia("(min-width: 768px)");
    const onWide = () => wide.matches && panel.hidePopover();
    panel.addEventListener("beforetoggle", beforeToggle);
    panel.addEventListener("toggle", onToggle);
    wide.addEventListener("change", onWide);
    return () => {
      panel.removeEventListener("beforetoggle", beforeToggle);
      panel.removeEventListener("toggle", onToggle);
      wide.removeEventListener("change", onWide);
    };
  }, []);
  // Choosing a section (another page) closes it.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) menu.current?.hidePopover();
    shownOn.current = pathname;
  }, [pathname]);
  // What the person may do in this workspace (GET /v1/me there); the organisation admin flag from the same answer.
  const { canWrite, isAdmin } = usePermissions();
  const orgAdmin = useIsOrganizationAdmin() ?? user.role === "admin";
  const shown = (item: NavItem) => (item.need === "orgAdmin" ? orgAdmin : item.need === "admin" ? isAdmin : item.need === "write" ? canWrite : true);
  const badge = <Badge tone={user.role === "admin" ? "indigo" : user.role === "reviewer" ? "green" : "gray"}>{user.role}</Badge>;
  const signOutButton = (
    <form
      method="post"
      action="/api/auth/signout"
      onSubmit={(event) => {
        event.preventDefault();
        void signOut({ callbackUrl: "/sign-in" });
      }}
    >
      {csrfToken && <input type="hidden" name="csrfToken" value={csrfToken} />}
      <input type="hidden" name="callbackUrl" value="/sign-in" />
      <button type="submit" className="text-slate-600 hover:text-slate-900">
        Sign out
      </button>
    </form>
  );
  const link = (item: NavItem, layout: string) => {
    const active = isSection(pathname, item.href);
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
            popoverTarget="console-menu"
          >
            Menu
          </button>
        </div>
        {/* One menu for every width, so each section's link is in the page once. Below md, a
            popover in the top layer just below the header (absolute: it scrolls with the page);
            from md up, shown in the header's flow as the row of sections (a display class there
            overrides the closed popover's display: none, and overflow-visible its overflow: auto, which
            would clip the Activity and Settings menus to the row). */}
        <div
          ref={menu}
          id="console-menu"
          popover="auto"
          className="absolute inset-x-0 bottom-auto top-14 m-0 w-full max-w-none border-0 border-b border-t border-slate-200 bg-white p-0 shadow-md md:static md:block md:overflow-visible md:border-0 md:bg-transparent md:shadow-none"
          // Names the phone's open panel, as it always has; the row of sections from md up is not it.
          data-testid={menuOpen ? "console-menu" : undefined}
        >
          {/* From md up a row of its own: an admin's sections outgrow the top row, and a label never wraps. */}
          <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 pt-2 md:flex-row md:items-center md:pb-2 md:pt-0">
            <div className="mb-1 md:mb-0 md:mr-3">
              <WorkspaceSwitcher />
            </div>
            <div className="grid grid-cols-2 gap-1 md:flex">{NAV_LINKS.filter(shown).map((item) => link(item, "py-2 md:py-1.5"))}</div>
            {NAV_GROUPS.map((group) => {
              const items = group.items.filter(shown);
              const active = items.some((item) => isSection(pathname, item.href));
              return (
                items.length > 0 && (
                  <DisclosureMenu
                    key={group.label}
                    phoneHeading={group.label}
                    buttonClassName={`items-center gap-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${active ? "bg-slate-100 font-medium text-slate-900" : "text-slate-600 hover:text-slate-900"}`}
                    button={group.label}
                  >
                    {items.map((item) => link(item, "py-2 md:py-1.5"))}
                  </DisclosureMenu>
                )
              );
            })}
          </nav>
          {/* The user below md. Once hydrated it is in the page only while the menu is open, so
              the e-mail and Sign out are there once, as the header's own are from md up. */}
          {(!hydrated || menuOpen) && (
            <div className="mx-4 mb-3 mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3 text-sm md:hidden">
              <span className="min-w-0 break-all text-slate-700" data-testid="menu-signed-in-user">
                {user.email}
              </span>
              {badge}
              <span className="ml-auto">{signOutButton}</span>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <WorkspaceGate>{children}</WorkspaceGate>
      </main>
    </div>
  );
}
