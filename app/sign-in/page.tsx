import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackPath } from "@/lib/auth/callback-url.ts";
import { csrfTokenFrom } from "@/lib/auth/csrf-cookie.ts";
import { isFirstRun } from "@/lib/auth/first-run.ts";
import { SignInForm } from "./sign-in-form.tsx";

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  if (await isFirstRun()) redirect("/setup");
  const { callbackUrl, error } = await searchParams;
  // Only same-origin paths: anything else (`//evil.com`, `/\evil.com`, …) could send the user elsewhere after sign-in.
  const target = callbackUrl === undefined ? "/stores" : safeCallbackPath(callbackUrl);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <h1 className="mb-6 text-center text-2xl font-semibold text-slate-900">Sign in to Memory Console</h1>
        <SignInForm callbackUrl={target} csrfToken={csrfTokenFrom(await cookies())} refusal={error ?? null} />
      </div>
    </main>
  );
}
