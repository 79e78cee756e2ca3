"use client";

import { OrganizationAdminOnly } from "@/components/admin/admin-only.tsx";
import { InvitesPage } from "@/components/invites/invites-page.tsx";

// /invites – invite people by link into a workspace, and the pending invites (organisation admins)
export default function Page() {
  return (
    <OrganizationAdminOnly>
      <InvitesPage />
    </OrganizationAdminOnly>
  );
}
