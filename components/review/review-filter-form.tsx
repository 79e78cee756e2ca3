"use client";

import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { StoreOptions } from "@/components/stores/store-options.tsx";
import { AnyOptions, DateRangeFields, Field, Input, Select } from "@/components/ui/field.tsx";
import { fromLocalInput, toLocalInput } from "@/components/versions/filter-params.ts";
import { REVIEW_CHANGES, type ReviewFilters } from "@/lib/queries/review-types.ts";
import { useActors } from "@/lib/queries/use-admin.ts";
import { useStores } from "@/lib/queries/use-stores.ts";

/** The id of the path prefix field: the inbox's "/" shortcut focuses it. */
export const PATH_PREFIX_INPUT_ID = "review-path-prefix";

export type ReviewFilterFormProps = {
  value: ReviewFilters;
  /** The per-store inbox: its store is fixed and not offered as a filter. */
  fixedStoreId?: string;
  onApply: (filters: ReviewFilters) => void;
};

/** Store, actor, path prefix, change and time range; applying puts them in the URL. */
export function ReviewFilterForm({ value, fixedStoreId, onApply }: ReviewFilterFormProps) {
  const actors = useActors();
  const stores = useStores({ includeArchived: true });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  const [storeId, setStoreId] = useState(value.store_id ?? "");
  const [actorId, setActorId] = useState(value.actor_id ?? "");
  const [pathPrefix, setPathPrefix] = useState(value.path_prefix ?? "");
  const [change, setChange] = useState(value.change ?? "");
  const [finding, setFinding] = useState(value.finding ?? "");
  const [after, setAfter] = useState(toLocalInput(value.updated_after));
  const [before, setBefore] = useState(toLocalInput(value.updated_before));
  // Users and keys are picked by name; anything else (an agent's session id) is typed.
  const [typedActor, setTypedActor] = useState(!!value.actor_id && !/^(apikey|user)_/.test(value.actor_id));
  const listed = actors.data?.users.some((u) => u.id === actorId) || actors.data?.api_keys.some((k) => k.id === actorId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      store_id: fixedStoreId ?? (storeId || undefined),
      actor_id: actorId.trim() || undefined,
      path_prefix: pathPrefix.trim() || undefined,
      change: change || undefined,
      finding: finding || undefined,
      // An untouched date keeps the URL's exact instant (the input only shows minutes).
      updated_after: after === toLocalInput(value.updated_after) ? value.updated_after : fromLocalInput(after, "from"),
      updated_before: before === toLocalInput(value.updated_before) ? value.updated_before : fromLocalInput(before, "to"),
    });
  };
  // Escape leaves a field, so the inbox's shortcuts work again without reaching for the mouse.
  const blurOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") (event.target as HTMLElement).blur();
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={blurOnEscape}
      aria-label="Filter the review inbox"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7 lg:items-end"
    >
      {!fixedStoreId && (
        <Field label="Store" htmlFor="review-store">
          <Select id="review-store" value={storeId} onChange={(e) => setStoreId(e.target.value)}>
            <option value="">All stores</option>
            {value.store_id && !storeList.some((s) => s.id === value.store_id) && <option value={value.store_id}>{value.store_id}</option>}
            <StoreOptions stores={storeList} />
          </Select>
        </Field>
      )}
      <Field label="Written by" htmlFor="review-actor">
        {typedActor ? (
          <Input
            id="review-actor"
            value={actorId}
            onChange={(e) => setActorId(e.target.value)}
            className="font-mono"
            placeholder="session id, apikey_…, user_…"
          />
        ) : (
          <Select
            id="review-actor"
            value={actorId}
            onChange={(e) => (e.target.value === "typed" ? (setTypedActor(true), setActorId("")) : setActorId(e.target.value))}
          >
            <option value="">Anyone</option>
            {actorId && !listed && <option value={actorId}>{actorId}</option>}
            <optgroup label="API keys">
              {actors.data?.api_keys.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Users">
              {actors.data?.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
            </optgroup>
            <option value="typed">Session or other id…</option>
          </Select>
        )}
      </Field>
      <Field label="Path prefix" htmlFor={PATH_PREFIX_INPUT_ID}>
        <Input
          id={PATH_PREFIX_INPUT_ID}
          value={pathPrefix}
          onChange={(e) => setPathPrefix(e.target.value)}
          className="font-mono"
          placeholder="/scratch/  (press /)"
        />
      </Field>
      <Field label="Change" htmlFor="review-change">
        <Select id="review-change" value={change} onChange={(e) => setChange(e.target.value)}>
          <AnyOptions values={REVIEW_CHANGES} />
        </Select>
      </Field>
      <Field label="Held by the write policy" htmlFor="review-finding">
        <Select id="review-finding" value={finding} onChange={(e) => setFinding(e.target.value)}>
          <option value="">Held or not</option>
          <option value="any">Any finding</option>
          <option value="secrets">Secrets</option>
          <option value="pii">Personal data</option>
          <option value="instructions">Instructions to the model</option>
        </Select>
      </Field>
      <DateRangeFields
        ids={["review-after", "review-before"]}
        labels={["Changed after", "Changed before"]}
        from={after}
        to={before}
        onFrom={setAfter}
        onTo={setBefore}
      />
      <div className="flex gap-2 lg:col-span-4 xl:col-span-7">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onApply(fixedStoreId ? { store_id: fixedStoreId } : {})}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
