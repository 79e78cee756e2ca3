import type { Role } from "@/lib/auth/roles.ts";

declare module "next-auth" {
  interface Session {
    user?: { id: string; email: string; name: string; role: Role };
  }
}
