import type { Store } from "@/lib/queries/types.ts";

/** The stores as a select's options, by name (the value is the id). */
export function StoreOptions({ stores }: { stores: readonly Pick<Store, "id" | "name">[] }) {
  return stores.map((store) => (
    <option key={store.id} value={store.id}>
      {store.name}
    </option>
  ));
}
