import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config, configureNextAuth } from "../config.ts";
import { databaseFailure } from "../db/errors.ts";
import { getDb } from "../db/instance.ts";
import type { Db } from "../memory/db.ts";
import { MemoryError } from "../memory/errors.ts";
import { logger } from "../observability/logger.ts";
import { metrics } from "../observability/metrics.ts";
import { currentRequest } from "../observability/request-context.ts";
import { safeRedirect } from "./callback-url.ts";
import { clientAddress } from "./client-address.ts";
import { lockedMessage, WRONG_CREDENTIALS } from "./locked-message.ts";
import { dummyPasswordHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.ts";
import { countSignInAttempt, countSignInSuccess, signInKeys } from "./rate-limit.ts";
import { authSecret } from "./secret.ts";
import { findUserForSignIn, MAX_EMAIL_LENGTH, upgradePasswordHash, userForToken } from "./users.ts";

export const SESSION_MAX_AGE_S = 7 * 24 * 3600;

type SignedInUser = { id: string; email: string; name: string; sessionVersion: number };

/** A refusal the sign-in page shows as it is (next-auth puts the message in its redirect URL). */
class SignInRefused extends Error {}

/**
 * next-auth sends any error authorize() throws to the browser as `?error=<message>`; only
 * refusals and domain errors (a busy database) may go, anything else is logged with the request
 * id and replaced by a message that names only that id.
 */
function publicSignInError(error: unknown): never {
  if (error instanceof SignInRefused || error instanceof MemoryError) throw error;
  const requestId = currentRequest()?.requestId ?? "unknown";
  logger().error({ request_id: requestId, err: error, ...databaseFailure(error) }, "sign-in failed");
  throw new Error(`Sign-in failed because of a server error; request ${requestId} identifies it in the server log.`);
}

/**
 * One sign-in attempt: counted before the password is checked (rate-limit.ts), then checked
 * against a dummy hash when the account does not exist so both cases take the same time.
 */
async function authorize(db: Db, credentials: Record<string, unknown> | undefined, headers: Record<string, string> | undefined): Promise<SignedInUser> {
  const email = String(credentials?.email ?? "")
    .trim()
    .toLowerCase();
  const password = String(credentials?.password ?? "");
  // The route refuses these with a 400 first; this keeps authorize safe on its own.
  if (email.length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) throw new SignInRefused(WRONG_CREDENTIALS);
  const keys = signInKeys(email, clientAddress(headers, config().TRUSTED_PROXIES));
  const unlocksAt = await countSignInAttempt(db, keys);
  if (unlocksAt) {
    metrics().signInFailures.inc({ reason: "locked_out" });
    throw new SignInRefused(lockedMessage(unlocksAt));
  }
  const user = email ? await findUserForSignIn(db, email) : null;
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid || user.disabledAt) {
    metrics().signInFailures.inc({ reason: "wrong_credentials" });
    throw new SignInRefused(WRONG_CREDENTIALS);
  }
  await countSignInSuccess(db, keys);
  await upgradePasswordHash(db, user, password);
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}

/**
 * next-auth (v4) with email + password and JWT sessions. Without NEXTAUTH_URL the origin is
 * taken from the request's Host / X-Forwarded-* headers, so a fresh clone works on any address;
 * the server hook has already dropped forwarded headers no trusted proxy sent (lib/auth/forwarded.ts).
 * Set NEXTAUTH_URL in production. Cookies are HttpOnly and SameSite=Lax, and Secure whenever
 * that origin is https.
 */
async function buildOptions(): Promise<NextAuthOptions> {
  const db = await getDb();
  configureNextAuth();
  return {
    secret: await authSecret(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, req) => authorize(db, credentials, req?.headers as Record<string, string> | undefined).catch(publicSignInError),
      }),
    ],
    callbacks: {
      // `sv` is the user's session version at sign-in; a password change raises it and ends the session.
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id, sv: (user as SignedInUser).sessionVersion } : token),
      // The user (role, disabled flag, session version) is read from the database on every
      // session read, so a change takes effect at once.
      async session({ session, token }) {
        const user = await userForToken(db, token);
        return { ...session, user: user ? { id: user.id, email: user.email, name: user.name, role: user.role } : undefined };
      },
      redirect: safeRedirect,
    },
    logger: {
      // next-auth's default logger prints request metadata; keep only codes and messages.
      error: (code, metadata) => logger().error({ code, message: metadata instanceof Error ? metadata.message : undefined }, "auth error"),
      warn: (code) => logger().warn({ code }, "auth warning"),
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
