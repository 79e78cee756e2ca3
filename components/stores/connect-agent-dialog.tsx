"use client";

import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import type { Store } from "@/lib/queries/types.ts";
import { useCreateApiKey } from "@/lib/queries/use-admin.ts";
import { connectSnippets, serverName } from "./connect-snippets.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Copy ${label}`}
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

/** A code block that wraps long lines on a phone instead of widening the page. */
function CodeBlock({ code, label, testId }: { code: string; label: string; testId: string }) {
  return (
    <div className="min-w-0">
      <pre data-testid={testId} className="max-h-64 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs break-all whitespace-pre-wrap text-emerald-200">
        {code}
      </pre>
      <div className="mt-1 flex justify-end">
        <CopyButton text={code} label={label} />
      </div>
    </div>
  );
}

/**
 * "Connect an agent": the store's MCP URL and configuration for each kind of client. An admin
 * can make a key limited to this store (read-only or not) whose secret is filled in, shown
 * once: the dialog is the only place it appears.
 */
export function ConnectAgentDialog({ store, open, onClose }: { store: Store; open: boolean; onClose: () => void }) {
  const { isAdmin } = usePermissions();
  const create = useCreateApiKey();
  const [readOnly, setReadOnly] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const url = `${typeof window === "undefined" ? "" : window.location.origin}/mcp/${store.id}`;
  const name = serverName(store.name);
  const snippets = connectSnippets(url, name, secret);
  const makeKey = () =>
    create.mutate(
      {
        name: `${name} agent${readOnly ? " (read-only)" : ""}`.slice(0, 100),
        role: readOnly ? "viewer" : "reviewer",
        store_ids: [store.id],
        read_only: readOnly,
      },
      { onSuccess: (key) => setSecret(key.secret) },
    );
  return (
    <Dialog open={open} title="Connect an agent" onClose={onClose} wide>
      <div className="min-w-0 space-y-5 text-sm text-slate-700">
        <section>
          <h3 className="font-medium text-slate-900">MCP URL</h3>
          <p className="mt-1 text-slate-600">
            Streamable HTTP. Agents see the memory tool, search and history of this store; their writes are versions reviewed under the store&apos;s policy.
          </p>
          <div className="mt-2">
            <CodeBlock code={url} label="MCP URL" testId="connect-url" />
          </div>
        </section>
        <section className="rounded-md bg-slate-50 p-3">
          <h3 className="font-medium text-slate-900">API key</h3>
          {secret ? (
            <Alert tone="warning">
              A key limited to this store is filled into the snippets below. It is shown only now: copy what you need before closing.
            </Alert>
          ) : isAdmin ? (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />
                Read-only
              </label>
              <Button size="sm" onClick={makeKey} disabled={create.isPending} data-testid="connect-create-key">
                {create.isPending ? "Creating…" : "Create a key for this store"}
              </Button>
            </div>
          ) : (
            <p className="mt-1 text-slate-600">Ask an admin for a key limited to this store, or use a client that signs in by URL.</p>
          )}
          {create.error && <ErrorAlert error={create.error} />}
        </section>
        {snippets.map((s) => (
          <section key={s.id} className="min-w-0">
            <h3 className="font-medium text-slate-900">{s.title}</h3>
            <p className="mt-1 mb-2 text-slate-600">{s.note}</p>
            <CodeBlock code={s.code} label={s.title} testId={`connect-${s.id}`} />
          </section>
        ))}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
