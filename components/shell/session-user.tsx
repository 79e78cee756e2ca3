"use client";

import { createContext, useContext, type ReactNode } from "react";
import { roleGrants, type Role } from "@/lib/auth/roles.ts";
import { useMe } from "@/lib/queries/use-admin.ts";

export type SessionUser = { id: string; email: string; name: string; role: Role };

const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user, read on the server by the console layout and handed to client components. */
export function SessionUserProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error("useSessionUser outside the console layout");
  return user;
}

/**
 * What the user may do, as the server says (GET /v1/me); until it has answered, what the
 * user's role grants by the same rule the server applies (lib/auth/roles.ts). The server
 * enforces it on every request; this only hides controls.
 */
export function usePermissions() {
  const { role } = useSessionUser();
  const permissions = useMe().data?.permissions ?? { write: roleGrants(role, "write"), admin: roleGrants(role, "admin") };
  return { canWrite: permissions.write, isAdmin: permissions.admin };
}
