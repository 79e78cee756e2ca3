"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useRef, useState, type ReactNode } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { LoadMore } from "@/components/versions/load-more.tsx";
import type { BulkAction, ReviewActionResult, ReviewDetail, ReviewFilters } from "@/lib/queries/review-types.ts";
import { useApproveReview, useReviewCounts, useReviewDetail, useReviewList, useRevertReview, type BulkScope } from "@/lib/queries/use-reviews.ts";
import { BulkDialog } from "./bulk-dialog.tsx";
import { BulkToolbar } from "./bulk-toolbar.tsx";
import { EditApproveDialog } from "./edit-approve-dialog.tsx";
import { hasOwnFilters, reviewFiltersFromSearch, reviewFiltersToQuery } from "./filter-params.ts";
import { Kbd } from "./kbd.tsx";
import { ReviewActions } from "./review-actions.tsx";
import { ReviewError } from "./review-error.tsx";
import { PATH_PREFIX_INPUT_ID, ReviewFilterForm } from "./review-filter-form.tsx";
import { ReviewPreview } from "./review-preview.tsx";
import { ReviewRow } from "./review-row.tsx";
import { RevertRedactDialog } from "./revert-redact-dialog.tsx";
import { ShortcutHelp } from "./shortcut-help.tsx";
import { useInboxCursor } from "./use-inbox-cursor.ts";
import { useReviewKeys } from "./use-review-keys.ts";
import { useReviewSelection } from "./use-review-selection.ts";

type DialogState =
  { kind: "help" } | { kind: "edit" | "redact"; detail: ReviewDetail } | { kind: "bulk"; action: BulkAction; scope: BulkScope; label: string } | null;

type Notice = { tone: "success" | "info"; text: ReactNode } | { tone: "error"; error: Error; storeId?: string } | null;

export type ReviewInboxProps = {
  /** The per-store inbox (/stores/{id}/review); the store filter is fixed. */
  storeId?: string;
  /** The page's header, above the filters. */
  header: ReactNode;
};

/**
 * The review inbox: changes awaiting review newest first, the one at the cursor with its combined
 * diff, and its actions by button or key. Every action sends the head version whose diff was
 * shown, so a change an agent makes meanwhile is never approved or reverted unseen.
 */
export function ReviewInbox({ storeId, header }: ReviewInboxProps) {
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { canWrite } = usePermissions();
  const filters: ReviewFilters = { ...reviewFiltersFromSearch(new URLSearchParams(search.toString())), ...(storeId && { store_id: storeId }) };
  const filtered = hasOwnFilters(filters, storeId);
  const list = useReviewList(filters);
  const counts = useReviewCounts(filters);
  const cursor = useInboxCursor(list.items);
  const selection = useReviewSelection(cursor.items);
  const current = cursor.current;
  const detail = useReviewDetail(current?.memory_id ?? null);
  const approve = useApproveReview();
  const revert = useRevertReview();
  const previewRef = useRef<HTMLDivElement>(null);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const filtersShown = filtersOpen ?? filtered;
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<Notice>(null);
  /** The reason typed for the next approve or revert of the change on screen (kept with the decision). */
  const [reason, setReason] = useState("");

  const apply = (next: ReviewFilters) => {
    const { store_id: _fixed, ...rest } = next;
    router.push(`${pathname}${reviewFiltersToQuery(storeId ? rest : next)}`);
  };
  /** The change whose diff is on screen, if it is the cursor's: actions act on nothing else. */
  const shown = () => (canWrite && current && detail.data?.item.memory_id === current.memory_id ? detail.data : null);
  const done = (result: ReviewActionResult) =>
    setNotice({ tone: result.remaining ? "info" : "success", text: <span data-testid="review-notice">{result.message}</span> });

  const act = (kind: "approve" | "revert" | "redact") => {
    const d = shown();
    if (!d || !current) return;
    const listed = current;
    cursor.hide(listed);
    const head = d.item.head_version_id;
    setReason("");
    const request =
      kind === "approve"
        ? approve.mutateAsync({ item: d.item, headVersionId: head, reason })
        : revert.mutateAsync({ item: d.item, headVersionId: head, redact: kind === "redact", reason });
    request.then(done, (error: Error) => {
      cursor.unhide(listed);
      setNotice({ tone: "error", error, storeId: d.item.store_id });
    });
  };
  const openEdit = () => {
    const d = shown();
    if (d && d.head.content != null) setDialog({ kind: "edit", detail: d });
  };
  const openRedact = () => {
    const d = shown();
    if (d) setDialog({ kind: "redact", detail: d });
  };
  /** A bulk action over the ticked items, or (nothing ticked, or asked for) over everything the filters match. */
  const bulk = (action: BulkAction, over: "selection" | "matching") => {
    if (!canWrite) return;
    if (over === "selection" && selection.size > 0) {
      setDialog({ kind: "bulk", action, scope: { kind: "items", items: selection.targets }, label: `the ${selection.size} selected` });
      return;
    }
    const label = filtered ? "everything matching the filters" : "everything in the inbox";
    setDialog({ kind: "bulk", action, scope: { kind: "filter", filter: filters }, label });
  };

  useReviewKeys({
    j: cursor.next,
    k: cursor.previous,
    a: () => act("approve"),
    r: () => act("revert"),
    e: openEdit,
    R: openRedact,
    x: () => canWrite && current && selection.toggle(current),
    A: () => bulk("approve", "selection"),
    "/": () => document.getElementById(PATH_PREFIX_INPUT_ID)?.focus(),
    "?": () => setDialog({ kind: "help" }),
  });

  const close = () => setDialog(null);
  return (
    <div className="space-y-4" data-testid="review-inbox">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">{header}</div>
        {/* A phone has no keyboard to speak of: the help is for wider screens (the keys work everywhere). */}
        <span className="hidden sm:block">
          <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: "help" })}>
            Keyboard shortcuts <Kbd>?</Kbd>
          </Button>
        </span>
      </div>
      {/* Below lg the filters fold away behind a button (the list comes first on a phone); active filters stay shown. */}
      <button
        type="button"
        className="text-sm font-medium text-indigo-700 underline decoration-indigo-300 lg:hidden"
        aria-expanded={filtersShown}
        aria-controls="review-filters"
        onClick={() => setFiltersOpen(!filtersShown)}
      >
        {filtersShown ? "Hide filters" : "Filters"}
      </button>
      <div id="review-filters" className={filtersShown ? undefined : "hidden lg:block"}>
        <Card className="p-4">
          <ReviewFilterForm key={search.toString()} value={filters} fixedStoreId={storeId} onApply={apply} />
        </Card>
      </div>
      {!canWrite && <Alert tone="info">You can read the inbox; your role does not allow approving or reverting.</Alert>}
      {notice && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            {notice.tone === "error" ? <ReviewError error={notice.error} storeId={notice.storeId} /> : <Alert tone={notice.tone}>{notice.text}</Alert>}
          </div>
          <button type="button" className="text-xs text-slate-500 hover:text-slate-800" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {canWrite && (
        <BulkToolbar
          selected={selection.size}
          matching={counts.data?.total ?? null}
          filtered={filtered}
          onSelection={(action) => bulk(action, "selection")}
          onMatching={(action) => bulk(action, "matching")}
          onClear={selection.clear}
        />
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <QueryState
            isLoading={list.isLoading}
            error={list.data ? null : list.error}
            isEmpty={cursor.items.length === 0}
            empty={
              <EmptyState title={filtered ? "No change matches these filters" : "Nothing awaits review"}>
                {filtered ? "Clear the filters to see every change awaiting review." : "Every change agents made has been reviewed."}
              </EmptyState>
            }
          >
            <ul aria-label="Changes awaiting review" data-testid="review-list">
              {cursor.items.map((item, i) => (
                <ReviewRow
                  key={item.memory_id}
                  item={item}
                  current={i === cursor.index}
                  selected={selection.has(item)}
                  showStore={!storeId}
                  selectable={canWrite}
                  onOpen={() => {
                    cursor.moveTo(i);
                    // One column (below lg): the change opens below the list, so bring it into view (list → detail).
                    if (window.matchMedia("(width < 64rem)").matches) requestAnimationFrame(() => previewRef.current?.scrollIntoView({ block: "start" }));
                  }}
                  onToggle={() => selection.toggle(item)}
                />
              ))}
            </ul>
            <LoadMore query={list} />
          </QueryState>
        </Card>
        <div ref={previewRef} className="scroll-mt-2 lg:sticky lg:top-4">
          {current && (
            <ReviewPreview
              item={current}
              detail={detail}
              actions={
                canWrite && (
                  <ReviewActions
                    detail={shown() ?? undefined}
                    busy={false}
                    reason={reason}
                    onReason={setReason}
                    onApprove={() => act("approve")}
                    onRevert={() => act("revert")}
                    onEdit={openEdit}
                    onRevertRedact={openRedact}
                  />
                )
              }
            />
          )}
        </div>
      </div>
      {dialog?.kind === "help" && <ShortcutHelp onClose={close} />}
      {dialog?.kind === "redact" && (
        <RevertRedactDialog
          detail={dialog.detail}
          onClose={close}
          onConfirm={() => {
            close();
            act("redact");
          }}
        />
      )}
      {dialog?.kind === "edit" && (
        <EditApproveDialog
          detail={dialog.detail}
          onClose={close}
          onDone={(result) => {
            close();
            if (current) cursor.hide(current);
            done(result);
          }}
        />
      )}
      {dialog?.kind === "bulk" && (
        <BulkDialog
          action={dialog.action}
          scope={dialog.scope}
          scopeLabel={dialog.label}
          onClose={close}
          onDone={(report) => {
            selection.clear();
            setNotice({
              tone: report.conflicts.length ? "info" : "success",
              text: `${report.applied} of ${report.requested} ${report.action === "approve" ? "approved" : "reverted"}${report.conflicts.length ? `; ${report.conflicts.length} changed meanwhile and stay in the inbox` : ""}.`,
            });
          }}
        />
      )}
    </div>
  );
}
