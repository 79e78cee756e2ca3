import { cache } from "react";
import { getDb } from "../db/instance.ts";
import { defaultWorkspaceOf, usableWorkspaces } from "./usable-workspaces.ts";

/**
 * The workspace a console URL without `?workspace=` means for a person (their default: Default
 * if they may use it, else their first), read once per page request by the console layout and
 * the server prefetch. Null: the person may use none (every page then says so).
 */
export const consoleDefaultWorkspace = cache(async (userId: string, orgAdmin: boolean): Promise<string | null> => {
  return defaultWorkspaceOf(await usableWorkspaces((await getDb()).sql, { userId, orgAdmin }));
});
