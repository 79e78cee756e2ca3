import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { authOptions } from "@/lib/auth/next-auth-options.ts";
import { isRole } from "@/lib/auth/roles.ts";
import { userPrincipal } from "@/lib/auth/principal.ts";
import { AUTHORIZE_PARAMS, authorizeParams } from "@/lib/oauth/authorize-request.ts";
import { consentForRequest } from "@/lib/oauth/consent.ts";
import { OAuthFailure } from "@/lib/oauth/oauth-errors.ts";
import { AUTHORIZE_PATH } from "@/lib/oauth/metadata.ts";

// /oauth/consent – an MCP client asks for access (GET /oauth/authorize sent the browser here, after sign-in):
// the user picks the stores and read-only or read-write, then Allow or Deny (a plain form POST to /oauth/authorize).
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function queryOf(search: Record<string, string | string[] | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) for (const v of [value ?? []].flat()) query.append(name, v);
  return query;
}

export default async function ConsentPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await getServerSession(await authOptions());
  const user = session?.user as { id: string; email: string; role: string } | undefined;
  if (!user || !isRole(user.role)) return null; // the console layout sends visitors to sign in
  let consent: Awaited<ReturnType<typeof consentForRequest>>;
  try {
    const principal = userPrincipal({ id: user.id, email: user.email, role: user.role });
    consent = await consentForRequest(new Headers(await headers()), authorizeParams(queryOf(await searchParams)), principal);
  } catch (error) {
    if (!(error instanceof OAuthFailure)) throw error;
    return (
      <div className="mx-auto max-w-xl">
        <PageHeader title="This connection request cannot be used" />
        <Card className="p-5 text-sm text-slate-700" data-testid="consent-error">
          <p className="font-mono text-xs text-red-700">{error.error}</p>
          <p className="mt-2 break-words">{error.description}</p>
          <p className="mt-2">Start the connection again from the MCP client.</p>
        </Card>
      </div>
    );
  }
  const { params, choices } = consent;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title={<span className="break-words">Connect {choices.clientName}</span>}
        description={
          <>
            <span className="font-medium">{choices.clientName}</span> wants to use memory stores as an MCP client. After you allow it, it is sent back to{" "}
            <span className="font-mono break-all">{choices.redirectOrigin}</span>. You can revoke it at any time on the API keys page.
          </>
        }
      />
      <form method="post" action={AUTHORIZE_PATH} className="space-y-4">
        {AUTHORIZE_PARAMS.map((name) => (params[name] === undefined ? null : <input key={name} type="hidden" name={name} value={params[name]} />))}
        <input type="hidden" name="form_token" value={choices.formToken} />
        <Card className="p-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Stores it may use</legend>
            {choices.stores.length === 0 && <p className="mt-2 text-sm text-slate-600">There are no memory stores yet: create one first.</p>}
            {/* By workspace: a grant belongs to one workspace, so its stores are chosen from one of them. */}
            <div className="mt-2 max-h-72 space-y-3 overflow-y-auto">
              {choices.workspaces.map((workspace) => (
                <div key={workspace.id} role="group" aria-label={`Workspace ${workspace.name}`}>
                  <p className="px-1 text-xs font-medium text-slate-600">{workspace.name}</p>
                  {workspace.stores.map((store) => (
                    <label key={store.id} className="flex items-start gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
                      <input type="checkbox" name="store_ids" value={store.id} defaultChecked={store.id === choices.preselected} className="mt-0.5" />
                      <span className="min-w-0">
                        <span className="block break-words text-slate-900">{store.name}</span>
                        <span className="block font-mono text-xs break-all text-slate-500">{store.id}</span>
                      </span>
                    </label>
                  ))}
                </div>
              ))}
            </div>
          </fieldset>
        </Card>
        <Card className="p-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Access</legend>
            <label className="mt-2 flex items-start gap-2 text-sm">
              <input type="radio" name="access" value="read" defaultChecked={!choices.canWrite} className="mt-0.5" />
              <span>Read only: view memories, search and history</span>
            </label>
            <label className={`mt-1 flex items-start gap-2 text-sm ${choices.canWrite ? "" : "text-slate-400"}`}>
              <input type="radio" name="access" value="write" defaultChecked={choices.canWrite} disabled={!choices.canWrite} className="mt-0.5" />
              <span>
                Read and write: its changes are versions attributed to this connection, reviewed under each store&apos;s policy
                {!choices.canWrite && " (your role may only grant read-only access)"}
              </span>
            </label>
          </fieldset>
        </Card>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" name="decision" value="deny" variant="secondary">
            Deny
          </Button>
          <Button type="submit" name="decision" value="allow" disabled={choices.stores.length === 0}>
            Allow
          </Button>
        </div>
      </form>
    </div>
  );
}
