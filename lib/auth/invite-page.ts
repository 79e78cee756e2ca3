import { getDb } from "../db/instance.ts";
import { inviteForToken } from "./invites.ts";

/**
 * What the invite acceptance page (app/invites/accept) shows before its form: the invited email,
 * or why the link cannot be used. The page asks this instead of opening the database itself
 * (eslint.config.mjs, layers/pages-no-db), as first-run.ts does for /setup.
 */
export async function invitePageState(token: string | undefined): Promise<{ email: string | null; problem: string | null }> {
  if (!token || token.length > 200) return { email: null, problem: "This invite link is incomplete. Open the whole link you were sent." };
  const { invite, problem } = await inviteForToken((await getDb()).sql, token);
  return { email: invite?.email ?? null, problem };
}
