"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/** The only time an endpoint's signing secret is shown (the server keeps it to sign, but never answers it again). */
export function NewWebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning">
        Copy this signing secret now: it is shown once. Verify deliveries with it (the SDK&apos;s webhooks.unwrap() takes it as key). If it is lost, rotate it.
      </Alert>
      <code data-testid="new-webhook-secret" className="block break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-emerald-300">
        {secret}
      </code>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
