import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";

/** Shown on every page of an archived store: nothing in it can change any more. */
export function ArchivedBanner({ archivedAt }: { archivedAt: string }) {
  return (
    <div className="mb-4" data-testid="archived-banner">
      <Alert tone="warning" title="This store is archived and read-only">
        Archived <LocalTime iso={archivedAt} />. Its memories can be read and their history browsed, but nothing can be created or edited; archiving cannot be
        undone.
      </Alert>
    </div>
  );
}

export function StoreNotFound({ message }: { message: string }) {
  return (
    <Alert title="Store not found">
      <p>{message} It may have been deleted, or the link is wrong.</p>
      <Link href="/stores" className="mt-2 inline-block font-medium underline">
        Back to the stores
      </Link>
    </Alert>
  );
}
