/** The wire types the console's components use, declared beside the typed client (lib/api-client/wire-types.ts). */
export type * from "@/lib/api-client/wire-types.ts";
