"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/** The only time a key's secret is visible: the server keeps just its hash. */
export function NewKeySecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-4">
      <Alert tone="warning">Copy this secret now. It is shown once and cannot be recovered; if it is lost, revoke the key and create another.</Alert>
      <code data-testid="new-key-secret" className="block break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-emerald-300">
        {secret}
      </code>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
