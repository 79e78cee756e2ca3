"use client";

import { useState } from "react";
import { Field, Input, Select } from "@/components/ui/field.tsx";
import { StoreOptions } from "./store-options.tsx";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { Store } from "@/lib/queries/types.ts";
import { useArchiveStore, useCopyStore, useCreateStore, useDeleteStore, useStores, useUpdateStore } from "@/lib/queries/use-stores.ts";
import { StoreForm } from "./store-form.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type CreateStoreDialogProps = { open: boolean; onClose: () => void };

/**
 * A new store: empty, or from a template (“New store from template”): a copy of another store's
 * current memories, optionally only those under a folder, without their history.
 */
export function CreateStoreDialog({ open, onClose }: CreateStoreDialogProps) {
  const create = useCreateStore();
  const copy = useCopyStore();
  const [templateId, setTemplateId] = useState("");
  const [prefix, setPrefix] = useState("");
  const close = () => {
    create.reset();
    copy.reset();
    setTemplateId("");
    setPrefix("");
    onClose();
  };
  const pending = templateId ? copy : create;
  return (
    <Dialog open={open} title="Create memory store" onClose={close}>
      <TemplateChoice templateId={templateId} onTemplate={setTemplateId} prefix={prefix} onPrefix={setPrefix} />
      <StoreForm
        submitLabel={templateId ? "Create from template" : "Create store"}
        pending={pending.isPending}
        error={pending.error}
        onCancel={close}
        onSubmit={(input) =>
          templateId
            ? copy.mutate({ ...input, source_memory_store_id: templateId, path_prefix: prefix.trim() || null }, { onSuccess: close })
            : create.mutate(input, { onSuccess: close })
        }
      />
    </Dialog>
  );
}

type TemplateChoiceProps = { templateId: string; onTemplate: (id: string) => void; prefix: string; onPrefix: (prefix: string) => void };

/** Where a new store starts: empty, or with a template store's current memories (under a folder, if given). */
function TemplateChoice({ templateId, onTemplate, prefix, onPrefix }: TemplateChoiceProps) {
  const stores = useStores({ includeArchived: false });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mb-4 space-y-3 rounded-md bg-slate-50 p-3 text-sm">
      <Field label="Start from" htmlFor="store-template" hint={templateId ? "A copy of its current memories; their history stays with it." : undefined}>
        <Select id="store-template" value={templateId} onChange={(e) => onTemplate(e.target.value)}>
          <option value="">An empty store</option>
          <optgroup label="New store from template">
            <StoreOptions stores={storeList} />
          </optgroup>
        </Select>
      </Field>
      {templateId && (
        <Field
          label="Only the folder (optional)"
          htmlFor="store-template-prefix"
          hint="Starts and ends with /, such as /onboarding/; empty copies every memory."
        >
          <Input id="store-template-prefix" value={prefix} onChange={(e) => onPrefix(e.target.value)} placeholder="/onboarding/" className="font-mono" />
        </Field>
      )}
    </div>
  );
}

export type StoreDialogProps = { store: Store; open: boolean; onClose: () => void };

/** Edits name, description and metadata; keys removed from the form are sent as null (the API merges metadata). */
export function EditStoreDialog({ store, open, onClose }: StoreDialogProps) {
  const update = useUpdateStore(store.id);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={`Edit ${store.name}`} onClose={close}>
      <StoreForm
        initial={store}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        onCancel={close}
        onSubmit={({ name, description, metadata }) => {
          const removed = Object.fromEntries(
            Object.keys(store.metadata)
              .filter((k) => !(k in metadata))
              .map((k) => [k, null]),
          );
          update.mutate({ name, description, metadata: { ...removed, ...metadata } }, { onSuccess: close });
        }}
      />
    </Dialog>
  );
}

/** Archiving cannot be undone: like deleting, it needs a phrase typed (`archive <name>`), so it is never one slip away. */
export function ArchiveStoreDialog({ store, open, onClose }: StoreDialogProps) {
  const archive = useArchiveStore(store.id);
  const confirmation = useTypedConfirmation(`archive ${store.name}`);
  const close = () => {
    confirmation.reset();
    archive.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={`Archive ${store.name}?`} onClose={close}>
      <div className="space-y-3 text-sm text-slate-700">
        {archive.error && <ErrorAlert error={archive.error} />}
        <p>
          Archiving is <strong>irreversible</strong>: the store becomes read-only for good. Its memories can still be read, its versions redacted and the store
          deleted, but nobody (no person, no agent) can create or change memories in it again, and it is hidden from store lists unless archived stores are
          shown.
        </p>
        <TypedConfirmation state={confirmation} id="archive-store-confirm" hint="This cannot be undone." />
      </div>
      <DialogActions onCancel={close} className="mt-4">
        <Button variant="danger" disabled={!confirmation.confirmed || archive.isPending} onClick={() => archive.mutate(undefined, { onSuccess: close })}>
          {archive.isPending ? "Archiving…" : "Archive for good"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deleting needs the store's name typed exactly, then removes the store, its memories and every version. */
export function DeleteStoreDialog({ store, open, onClose, redirectTo }: StoreDialogProps & { redirectTo?: string }) {
  const remove = useDeleteStore(store.id);
  const router = useWorkspaceRouter();
  const confirmation = useTypedConfirmation(store.name);
  const close = () => {
    confirmation.reset();
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={`Delete ${store.name}?`} onClose={close}>
      <div className="space-y-3 text-sm text-slate-700">
        {remove.error && <ErrorAlert error={remove.error} />}
        <p>
          This deletes the store, its {store.memory_count.toLocaleString()} {store.memory_count === 1 ? "memory" : "memories"} and all their versions. It cannot
          be undone.
        </p>
        <TypedConfirmation state={confirmation} id="delete-store-name" label={`Type the store's name (${store.name}) to confirm`} />
      </div>
      <DialogActions onCancel={close} className="mt-4">
        <Button
          variant="danger"
          disabled={!confirmation.confirmed || remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                close();
                if (redirectTo) router.push(redirectTo);
              },
            })
          }
        >
          {remove.isPending ? "Deleting…" : "Delete store"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
