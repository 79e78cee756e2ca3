"use client";

import Link from "next/link";
import { PageHeader } from "@/components/ui/card.tsx";
import { QueryState } from "@/components/ui/states.tsx";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useWritePolicy } from "@/lib/queries/use-write-policies.ts";
import { PolicyForm } from "./policy-form.tsx";

/** /stores/{store}/policy and /write-policy: a store's write policy, or the instance default (storeId null). */
export function PolicyPage({ storeId }: { storeId: string | null }) {
  const policy = useWritePolicy(storeId);
  const title = storeId === null ? "Default write policy" : <StoreTitle storeId={storeId} />;
  const description =
    storeId === null ? (
      <p>Every store without a policy of its own follows this one.</p>
    ) : (
      <p>
        <Link href={`/stores/${storeId}`} className="text-indigo-700 hover:underline">
          Back to the store
        </Link>
        {/* Which policy applies is said once it is known: before, either sentence could be wrong. */}
        {policy.data && (
          <span data-testid="policy-source">
            {" · "}
            {policy.data.inherited ? "This store follows the " : "This store has its own policy; others follow the "}
            <Link href="/write-policy" className="text-indigo-700 hover:underline">
              instance default
            </Link>
            .
          </span>
        )}
      </p>
    );
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} description={description} />
      <QueryState isLoading={policy.isLoading} error={policy.error}>
        {policy.data && <PolicyForm key={storeId ?? "default"} storeId={storeId} policy={policy.data} />}
      </QueryState>
    </div>
  );
}

function StoreTitle({ storeId }: { storeId: string }) {
  const store = useStore(storeId);
  return <>Write policy · {store.data?.name ?? storeId}</>;
}
