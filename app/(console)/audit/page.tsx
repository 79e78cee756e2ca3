"use client";

import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { AuditEventsPage } from "@/components/admin/audit-events-page.tsx";

// /audit – the audit log of administrative actions (admins).
export default function AuditPage() {
  return (
    <AdminOnly>
      <AuditEventsPage />
    </AdminOnly>
  );
}
