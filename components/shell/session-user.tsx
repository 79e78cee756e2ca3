"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/auth/roles.ts";

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

/** What the user's role allows; the server enforces the same rules, this only hides controls. */
export function usePermissions() {
  const { role } = useSessionUser();
  return { canWrite: role === "admin" || role === "reviewer", isAdmin: role === "admin" };
}
