"use client";

import type { ReactNode } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";

/** Pages for admins show non-admins why they see nothing (the API refuses them anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = usePermissions();
  if (!isAdmin)
    return (
      <Alert tone="warning" title="Admins only">
        Ask an admin if you need access to this page.
      </Alert>
    );
  return <>{children}</>;
}
