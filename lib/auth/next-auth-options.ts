import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "../db/instance.ts";
import { clientAddress } from "./client-address.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { clearFailures, lockedForMinutes, recordFailure, type LimitKey } from "./rate-limit.ts";
import { authSecret } from "./secret.ts";
import { findUserForSignIn, getActiveUser } from "./users.ts";

export const SESSION_MAX_AGE_S = 7 * 24 * 3600;
export const WRONG_CREDENTIALS = "Wrong email or password.";

/**
 * next-auth (v4) with email + password and JWT sessions. Without NEXTAUTH_URL the origin is
 * taken from the request's Host / X-Forwarded-* headers, so a fresh clone works on any address;
 * set NEXTAUTH_URL in production. Cookies are HttpOnly and SameSite=Lax, and Secure whenever
 * that origin is https.
 */
async function buildOptions(): Promise<NextAuthOptions> {
  const db = await getDb();
  if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
  return {
    secret: await authSecret(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = String(credentials?.email ?? "").trim().toLowerCase();
          const password = String(credentials?.password ?? "");
          const keys: LimitKey[] = [
            { kind: "account", value: email },
            { kind: "address", value: clientAddress(req?.headers as Record<string, string> | undefined) },
          ];
          const wait = await lockedForMinutes(db, keys);
          if (wait > 0) throw new Error(`Too many failed sign-in attempts. Try again in ${wait} minute${wait === 1 ? "" : "s"}.`);
          const user = email ? await findUserForSignIn(db, email) : null;
          // Verify against a dummy hash for unknown accounts so both cases take the same time.
          const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
          if (!user || !valid || user.disabledAt) {
            await recordFailure(db, keys);
            throw new Error(WRONG_CREDENTIALS);
          }
          await clearFailures(db, keys[0]!);
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id } : token),
      // The role is read from the database on every session read, so a role change or a
      // disabled account takes effect at once.
      async session({ session, token }) {
        const user = token.sub ? await getActiveUser(db, token.sub) : null;
        return { ...session, user: user ? { id: user.id, email: user.email, name: user.name, role: user.role } : undefined };
      },
    },
    logger: {
      // next-auth's default logger prints request metadata; keep only codes and messages.
      error: (code, metadata) => console.error(`[auth] ${code}`, metadata instanceof Error ? metadata.message : ""),
      warn: (code) => console.warn(`[auth] ${code}`),
      debug: () => {},
    },
  };
}

const holder = globalThis as { __memoryConsoleAuth?: Promise<NextAuthOptions> };

export function authOptions(): Promise<NextAuthOptions> {
  holder.__memoryConsoleAuth ??= buildOptions().catch((error) => {
    holder.__memoryConsoleAuth = undefined;
    throw error;
  });
  return holder.__memoryConsoleAuth;
}
