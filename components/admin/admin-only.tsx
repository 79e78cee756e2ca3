"use client";

import type { ReactNode } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { useIsOrganizationAdmin } from "@/lib/queries/use-admin.ts";

const WHO = { admin: "Admins only", write: "Reviewers and admins only" } as const;

/** Pages for some roles show the others why they see nothing (the API refuses them anyway). */
export function RequirePermission({ permission, children }: { permission: keyof typeof WHO; children: ReactNode }) {
  const { isAdmin, canWrite } = usePermissions();
  if (!(permission === "admin" ? isAdmin : canWrite))
    return (
      <Alert tone="warning" title={WHO[permission]}>
        Ask an admin if you need access to this page.
      </Alert>
    );
  return <>{children}</>;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  return <RequirePermission permission="admin">{children}</RequirePermission>;
}

/** Pages of the organisation itself (workspaces, invites): organisation admins only. */
export function OrganizationAdminOnly({ children }: { children: ReactNode }) {
  const orgAdmin = useIsOrganizationAdmin();
  if (orgAdmin === null) return null;
  if (!orgAdmin)
    return (
      <Alert tone="warning" title="Organisation admins only">
        Ask an organisation admin if you need access to this page.
      </Alert>
    );
  return <>{children}</>;
}
