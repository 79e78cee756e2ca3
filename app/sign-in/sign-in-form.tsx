"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { signInWithRetry } from "@/components/shell/sign-in-with-retry.ts";
import { lockedMessageForDisplay, unlockTimeIn } from "@/lib/auth/locked-message.ts";

function messageFor(error: string): string {
  if (error === "CredentialsSignin") return "Wrong email or password.";
  const unlocksAt = unlockTimeIn(error);
  return unlocksAt ? lockedMessageForDisplay(unlocksAt) : error;
}

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
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
    setError(messageFor(result?.error ?? "Sign-in failed; try again."));
  }

  return (
    <Card className="p-6">
      <form onSubmit={onSubmit} className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus maxLength={254} />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1024} />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </Card>
  );
}
