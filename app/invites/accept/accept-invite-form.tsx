"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { api } from "@/lib/queries/api-client.ts";

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await api("/api/invites/accept", { method: "POST", body: { token, password, name: String(form.get("name") ?? "") } });
      // The account exists; signing in is the sign-in page's job (its CSRF and rate limits), with a full load.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
      window.location.assign("/sign-in");
    } catch (e) {
      setPending(false);
      setError((e as Error).message);
    }
  }

  return (
    <Card className="p-6">
      {/* method="post": a submit before the page hydrates must not put the password in a URL. */}
      <form method="post" onSubmit={onSubmit} className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="username" value={email} readOnly />
        </Field>
        <Field label="Name" htmlFor="name">
          <Input id="name" name="name" autoComplete="name" maxLength={100} />
        </Field>
        <Field label="Password" htmlFor="password" hint="At least 10 characters.">
          <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={10} maxLength={1024} />
        </Field>
        <Field label="Confirm password" htmlFor="confirm">
          <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={10} maxLength={1024} />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating…" : "Create my account"}
        </Button>
      </form>
    </Card>
  );
}
