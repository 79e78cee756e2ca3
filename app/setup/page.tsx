import { redirect } from "next/navigation";
import { isFirstRun } from "@/lib/auth/first-run.ts";
import { SetupForm } from "./setup-form.tsx";

export const dynamic = "force-dynamic";

/** First run only: while no account exists, create the first admin. */
export default async function SetupPage() {
  if (!(await isFirstRun())) redirect("/sign-in");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md">
        <h1 className="text-center text-2xl font-semibold text-slate-900">Welcome to Memory Console</h1>
        <p className="mb-6 mt-2 text-center text-sm text-slate-600">Create the first admin account. This page disappears once it exists.</p>
        <SetupForm />
      </div>
    </main>
  );
}
