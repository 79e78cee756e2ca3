import { getDb } from "../db/instance.ts";
import { countUsers } from "./users.ts";

/**
 * First run: no account exists yet, so the console sends every visitor to /setup (and /setup
 * sends them on to sign-in once one does). The pages ask this instead of opening the database
 * themselves: they stay above the layer that reaches it, as the API's route handlers do through
 * apiRoute (eslint.config.mjs, layers/pages-no-db).
 */
export async function isFirstRun(): Promise<boolean> {
  return (await countUsers(await getDb())) === 0;
}
