import { z } from "zod";

/** Request shapes of the console's own admin endpoints (users, API keys); the rules on values live in lib/auth. */
export const createUserBody = z.strictObject({ email: z.string(), password: z.string(), role: z.string(), name: z.string().optional() });

export const updateUserBody = z.strictObject({
  role: z.string().optional(),
  name: z.string().optional(),
  password: z.string().optional(),
  disabled: z.boolean().optional(),
});

export const createApiKeyBody = z.strictObject({
  name: z.string(),
  role: z.string(),
  store_ids: z.array(z.string()).nullish(),
  read_only: z.boolean().optional(),
  /** "organization": an organisation-scoped key (organisation admins only); by default the request's workspace's. */
  scope: z.enum(["workspace", "organization"]).optional(),
});
