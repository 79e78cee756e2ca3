import { invitePageState } from "@/lib/auth/invite-page.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { AcceptInviteForm } from "./accept-invite-form.tsx";

export const dynamic = "force-dynamic";

/** An invite's link (POST /v1/organizations/invites answers it once): the invitee picks a name and password, then signs in. */
export default async function AcceptInvitePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const { email, problem } = await invitePageState(token);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md">
        <h1 className="text-center text-2xl font-semibold text-slate-900">Join Memory Console</h1>
        {problem || !email || !token ? (
          <div className="mt-6">
            <Alert>{problem ?? "This invite link is not valid."}</Alert>
          </div>
        ) : (
          <>
            <p className="mb-6 mt-2 text-center text-sm text-slate-600">You were invited as {email}. Choose your name and a password.</p>
            <AcceptInviteForm token={token} email={email} />
          </>
        )}
      </div>
    </main>
  );
}
