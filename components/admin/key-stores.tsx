import Link from "next/link";
import type { ApiKey } from "@/lib/queries/types.ts";

/**
 * The stores a key is limited to, each by name and linked to the store; a store deleted since the
 * key was made is said to be deleted, with the id it had.
 */
export function KeyStores({ stores }: { stores: NonNullable<ApiKey["stores"]> }) {
  return (
    <ul aria-label="Limited to" className="mt-1 space-y-0.5 text-xs" data-testid="key-stores">
      {stores.map((store) => (
        <li key={store.id}>
          {store.name === null ? (
            <span className="text-slate-500" title={store.id}>
              deleted store <span className="font-mono">{store.id}</span>
            </span>
          ) : (
            <Link href={`/stores/${store.id}`} className="text-indigo-700 hover:underline" title={store.id}>
              {store.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
