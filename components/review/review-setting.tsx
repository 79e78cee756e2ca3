"use client";

import { usePermissions } from "@/components/shell/session-user.tsx";
import { NEEDS_REVIEW, type NeedsReview } from "@/lib/queries/review-types.ts";
import { useReviewSettings, useUpdateReviewSettings } from "@/lib/queries/use-reviews.ts";
import { useStore } from "@/lib/queries/use-stores.ts";

const LABEL: Record<NeedsReview, string> = {
  agents: "Agents' writes (API keys, sessions)",
  everyone: "Everyone's writes",
  nobody: "Nobody's writes",
};

/** Whose writes to a store await review: admins choose, everyone else reads it; an archived store's is only read (it takes no more writes). */
export function ReviewSettingControl({ storeId }: { storeId: string }) {
  const { isAdmin } = usePermissions();
  const settings = useReviewSettings(storeId);
  const update = useUpdateReviewSettings(storeId);
  const archived = !!useStore(storeId).data?.archived_at;
  if (!settings.data) return null;
  const value = settings.data.needs_review;
  if (!isAdmin || archived) {
    return (
      <span
        className="text-slate-600"
        data-testid="review-setting"
        title={archived ? "An archived store takes no more writes: there is nothing new to review." : undefined}
      >
        Needs review: {LABEL[value].toLowerCase()}
        {archived && " (archived: read-only)"}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-2 text-slate-600">
      <label htmlFor={`needs-review-${storeId}`}>Needs review:</label>
      <select
        id={`needs-review-${storeId}`}
        data-testid="review-setting"
        className="rounded-md border-0 py-1 pl-2 pr-8 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
        value={value}
        disabled={update.isPending}
        onChange={(e) => update.mutate(e.target.value as NeedsReview)}
      >
        {NEEDS_REVIEW.map((n) => (
          <option key={n} value={n}>
            {LABEL[n]}
          </option>
        ))}
      </select>
      {update.isPending && <span className="text-xs">Saving…</span>}
      {update.error && (
        <span role="alert" className="text-xs text-red-700">
          {update.error.message}
        </span>
      )}
    </span>
  );
}
