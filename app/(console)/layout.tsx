import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";
import { Providers } from "@/components/shell/providers.tsx";
import { SessionUserProvider } from "@/components/shell/session-user.tsx";
import { consoleDefaultWorkspace } from "@/lib/auth/console-workspace.ts";
import { authOptions } from "@/lib/auth/next-auth-options.ts";
import { csrfTokenFrom } from "@/lib/auth/csrf-cookie.ts";
import { isFirstRun } from "@/lib/auth/first-run.ts";
import { BEFORE_HYDRATION_SCRIPT } from "@/components/shell/before-hydration.ts";

// Every console page needs a signed-in user; first run (no account yet) goes to setup.
export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(await authOptions());
  if (!session?.user) {
    if (await isFirstRun()) redirect("/setup");
    const path = (await headers()).get("x-console-path") ?? "";
    redirect(path ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in");
  }
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: BEFORE_HYDRATION_SCRIPT }} />
      <Providers defaultWorkspaceId={await consoleDefaultWorkspace(session.user.id, session.user.role === "admin")}>
        <SessionUserProvider user={session.user}>
          <AppShell csrfToken={csrfTokenFrom(await cookies())}>{children}</AppShell>
        </SessionUserProvider>
      </Providers>
    </>
  );
}
