"use client";

import { OrganizationAdminOnly } from "@/components/admin/admin-only.tsx";
import { WorkspacesPage } from "@/components/workspaces/workspaces-page.tsx";

// /workspaces – the organisation's workspaces: create, rename, recolour, archive, and their members (organisation admins)
export default function Page() {
  return (
    <OrganizationAdminOnly>
      <WorkspacesPage />
    </OrganizationAdminOnly>
  );
}
