"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { useHydrated } from "@/components/ui/local-time.tsx";
import { signInWithRetry } from "@/components/shell/sign-in-with-retry.ts";
import { lockedMessageForDisplay, unlockTimeIn, WRONG_CREDENTIALS } from "@/lib/auth/locked-message.ts";

/** The unlock time in the reader's clock once hydrated (the server does not know it); in UTC before. */
function messageFor(error: string, hydrated = true): string {
  if (error === "CredentialsSignin") return WRONG_CREDENTIALS;
  const unlocksAt = unlockTimeIn(error);
  return unlocksAt && hydrated ? lockedMessageForDisplay(unlocksAt) : error;
}

/**
 * A refusal next-auth put in the URL (`?error=`) after a sign-in posted before the page hydrated:
 * shown only when it is one the sign-in itself gives, so that a link cannot make the page say
 * something else.
 */
function knownRefusal(error: string | null): string | null {
  if (error === null) return null;
  return error === "CredentialsSignin" || error === WRONG_CREDENTIALS || unlockTimeIn(error) ? error : null;
}

/**
 * Posted by next-auth's client once hydrated; before that, the browser posts the form itself to
 * next-auth's credentials endpoint (method="post": a password never goes into a URL), with the
 * CSRF token the page read from next-auth's cookie. A browser without that cookie yet (the first
 * visit, or a fresh one after accepting an invite) would be refused and sent back, so there the
 * button waits for hydration, where next-auth's client fetches a token first.
 */
export function SignInForm({ callbackUrl, csrfToken, refusal }: { callbackUrl: string; csrfToken: string | null; refusal: string | null }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(() => knownRefusal(refusal));
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signInWithRetry(String(form.get("email")), String(form.get("password")));
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    setError(result?.error ?? "Sign-in failed; try again.");
  }

  return (
    <Card className="p-6">
      <form method="post" action="/api/auth/callback/credentials" onSubmit={onSubmit} className="space-y-4">
        {csrfToken && <input type="hidden" name="csrfToken" value={csrfToken} />}
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        {error && <Alert>{messageFor(error, hydrated)}</Alert>}
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus maxLength={254} />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1024} />
        </Field>
        {/* Before hydration the browser would post the form itself, which next-auth refuses without the CSRF cookie (a fresh browser). */}
        <Button type="submit" className="w-full" disabled={pending || (!hydrated && !csrfToken)}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </Card>
  );
}
