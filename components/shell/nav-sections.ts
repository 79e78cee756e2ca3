/**
 * The console's sections, grouped by what a person came to do. `need`: who sees the link
 * (the API refuses the others anyway): `write` reviewers and admins of the workspace, `admin`
 * its admins, `orgAdmin` organisation admins.
 */
export type NavItem = { href: string; label: string; need?: "write" | "admin" | "orgAdmin" };
export type NavGroup = { label: string; items: NavItem[] };

export const NAV_LINKS: NavItem[] = [
  { href: "/stores", label: "Stores" },
  { href: "/review", label: "Review" },
];

export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Activity",
    items: [
      { href: "/usage", label: "Usage", need: "write" },
      // Not "Restores": a link named so would also answer to a search for "Stores".
      { href: "/restores", label: "Rollbacks", need: "write" },
      { href: "/erasures", label: "Erasures", need: "admin" },
      // Reviewers delete memories in bulk; stores take an admin (the page offers what the role allows).
      { href: "/bulk-deletions", label: "Bulk deletes", need: "write" },
      { href: "/store-actions", label: "Store archivals", need: "admin" },
      { href: "/imports", label: "Imports" },
      { href: "/audit", label: "Audit log", need: "admin" },
    ],
  },
  {
    label: "Settings",
    items: [
      { href: "/workspaces", label: "Workspaces", need: "orgAdmin" },
      { href: "/users", label: "Users", need: "admin" },
      { href: "/invites", label: "Invites", need: "orgAdmin" },
      { href: "/api-keys", label: "API keys", need: "admin" },
      { href: "/webhooks", label: "Webhooks", need: "admin" },
      { href: "/write-policy", label: "Write policy", need: "admin" },
      { href: "/api-reference", label: "API reference" },
    ],
  },
];

/** Is the page at `pathname` the section `href` (or one of its pages)? */
export const isSection = (pathname: string, href: string) => pathname === href || pathname.startsWith(href + "/");
