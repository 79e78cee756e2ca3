"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { actorFromColumns } from "@/lib/memory/actor.ts";
import { useStoreIntegrity } from "@/lib/queries/use-integrity.ts";
import { useStore } from "@/lib/queries/use-stores.ts";

type Report = NonNullable<ReturnType<typeof useStoreIntegrity>["data"]>;

/**
 * /stores/{store}/integrity: what "History verified" stands for (GET /v1/integrity/{store}): when
 * the store's history chain was recomputed, which versions that walked (the range and how many),
 * where retention cut the chain, the redactions it passed, and where it broke if it did. Admins
 * only, as the endpoint is; the store page's badge links here.
 */
export function IntegrityReportView({ storeId }: { storeId: string }) {
  const store = useStore(storeId);
  const report = useStoreIntegrity(storeId, true);
  usePageTitle(["History verification", store.data?.name]);
  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="integrity-report">
      <PageHeader
        title={`History verification · ${store.data?.name ?? storeId}`}
        description={
          <p>
            The store&rsquo;s history is a hash chain: each version&rsquo;s record and content are hashed and linked to the version before it, so a version
            edited, removed or added behind the application&rsquo;s back breaks the chain where it happened.
          </p>
        }
        actions={
          <>
            <Link href={`/stores/${storeId}`} className="text-sm font-medium text-indigo-700 hover:underline">
              Back to the store
            </Link>
            <Button variant="secondary" size="sm" disabled={report.isFetching} onClick={() => void report.refetch()}>
              {report.isFetching ? "Verifying…" : "Verify again"}
            </Button>
          </>
        }
      />
      {report.isLoading ? (
        <Spinner label="Recomputing the history chain…" />
      ) : report.error || !report.data ? (
        <ErrorAlert error={report.error ?? new Error("Nothing came back.")} title="Could not verify this store's history" />
      ) : (
        <ReportBody storeId={storeId} report={report.data} />
      )}
    </div>
  );
}

function ReportBody({ storeId, report: r }: { storeId: string; report: Report }) {
  const version = (id: string) => (
    <Link href={`/stores/${storeId}/versions/${id}`} className="font-mono text-xs break-all text-indigo-700 hover:underline">
      {id}
    </Link>
  );
  return (
    <>
      {r.status === "verified" ? (
        <Alert tone="success" title="History verified">
          Every version walked matches its hashes and links to the one before it, up to the store&rsquo;s chain head.
        </Alert>
      ) : (
        <Alert title="History broken">
          {r.break?.problem}
          {r.first_broken_version_id && <> At version {version(r.first_broken_version_id)}.</>}
        </Alert>
      )}
      <Card className="p-4">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr] sm:gap-y-3" aria-label="What was verified">
          <Fact term="Verified">
            <LocalTime iso={r.verified_at} /> <span className="text-xs text-slate-500">(recomputed when this page asked)</span>
          </Fact>
          <Fact term="Versions checked">
            <span data-testid="integrity-versions-checked">
              {r.versions_checked.toLocaleString()} {r.versions_checked === 1 ? "version" : "versions"}
            </span>
            {r.checked_range ? (
              <span className="block text-xs text-slate-600" data-testid="integrity-range">
                chain positions {r.checked_range.first.chain_seq.toLocaleString()}–{r.checked_range.last.chain_seq.toLocaleString()}, written{" "}
                <LocalTime iso={r.checked_range.first.created_at} /> to <LocalTime iso={r.checked_range.last.created_at} />
              </span>
            ) : (
              <span className="block text-xs text-slate-600">Nothing has been written to this store yet.</span>
            )}
          </Fact>
          {r.checked_range && (
            <>
              <Fact term="First version">{version(r.checked_range.first.version_id)}</Fact>
              <Fact term={r.status === "broken" ? "Last version (broken)" : "Last version"}>{version(r.checked_range.last.version_id)}</Fact>
            </>
          )}
          <Fact term="Chain head">
            position {r.head.chain_seq.toLocaleString()}
            {r.head.chain_hash && <span className="block font-mono text-xs break-all text-slate-500">{r.head.chain_hash}</span>}
          </Fact>
          <Fact term="Retention">
            {r.checkpoint ? (
              <>
                Retention pruned the versions up to position {r.checkpoint.chain_seq.toLocaleString()}
                {r.checkpoint.created_at && (
                  <>
                    {" "}
                    (<LocalTime iso={r.checkpoint.created_at} />)
                  </>
                )}
                ; the chain is verified from its checkpoint there.
              </>
            ) : (
              "Nothing pruned: the chain is verified from the store’s first version."
            )}
          </Fact>
          <Fact term="Redacted versions">
            {r.redaction_count === 0 ? "None." : `${r.redaction_count.toLocaleString()}: their content is gone, their place in the chain is checked.`}
          </Fact>
        </dl>
      </Card>
      {r.redactions.length > 0 && <Redactions storeId={storeId} report={r} />}
      {r.break && (r.break.expected || r.break.found) && (
        <Card className="p-4 text-sm">
          <h2 className="text-base font-semibold text-slate-900">Where it breaks</h2>
          <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr] sm:gap-y-2">
            <Fact term="Expected">
              <span className="font-mono text-xs break-all">{r.break.expected ?? "—"}</span>
            </Fact>
            <Fact term="Found">
              <span className="font-mono text-xs break-all">{r.break.found ?? "—"}</span>
            </Fact>
          </dl>
        </Card>
      )}
    </>
  );
}

function Redactions({ storeId, report: r }: { storeId: string; report: Report }) {
  return (
    <Card className="p-4 text-sm">
      <h2 className="text-base font-semibold text-slate-900">Redactions</h2>
      {r.redaction_count > r.redactions.length && (
        <p className="mt-1 text-xs text-slate-500">
          The first {r.redactions.length.toLocaleString()} of {r.redaction_count.toLocaleString()}, in chain order.
        </p>
      )}
      <ul className="mt-2 space-y-1">
        {r.redactions.map((x) => (
          <li key={x.version_id} className="flex flex-wrap gap-x-2">
            <Link href={`/stores/${storeId}/versions/${x.version_id}`} className="font-mono text-xs break-all text-indigo-700 hover:underline">
              {x.version_id}
            </Link>
            <span className="text-xs text-slate-600">
              redacted <LocalTime iso={x.redacted_at} /> by <ActorLabel actor={actorFromColumns(x.redacted_by.type, x.redacted_by.id)} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900 first:mt-0 max-sm:mt-2">{term}</dt>
      <dd className="min-w-0 text-slate-700">{children}</dd>
    </>
  );
}
