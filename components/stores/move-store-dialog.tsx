"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentWorkspace, useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Field } from "@/components/ui/field.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import { apiClient } from "@/lib/api-client/client.ts";
import { WORKSPACE_PARAM } from "@/lib/console/workspace-url.ts";
import { queryKeys } from "@/lib/queries/keys.ts";
import type { Store } from "@/lib/queries/types.ts";
import { useIsOrganizationAdmin, useMyWorkspaces } from "@/lib/queries/use-admin.ts";

/** The workspaces a store of the current one may go to: those where the person is an admin too (the API's rule, POST /v1/store_moves). */
export function useMoveTargets() {
  const current = useCurrentWorkspace();
  const orgAdmin = useIsOrganizationAdmin() === true;
  return useMyWorkspaces().filter((w) => w.id !== current && (orgAdmin || w.workspace_role === "workspace_admin"));
}

/**
 * Moving a store to another workspace keeps its id and history, and takes it from this
 * workspace's keys at once: a phrase typed (`move <name>`), then the store page in its new workspace.
 */
export function MoveStoreDialog({ store, open, onClose }: { store: Store; open: boolean; onClose: () => void }) {
  const targets = useMoveTargets();
  const [target, setTarget] = useState(targets[0]?.id ?? "");
  const confirmation = useTypedConfirmation(`move ${store.name}`);
  const router = useWorkspaceRouter();
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: () => apiClient.call("moveStore", { body: { memory_store_id: store.id, workspace_id: target } }),
    onSuccess: async (moved) => {
      await client.invalidateQueries({ queryKey: queryKeys.stores.all });
      router.push(`/stores/${moved.memory_store_id}?${WORKSPACE_PARAM}=${encodeURIComponent(moved.to_workspace_id)}`);
    },
  });
  const close = () => {
    confirmation.reset();
    move.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={`Move ${store.name} to another workspace`} onClose={close}>
      <div className="space-y-3 text-sm text-slate-700">
        {move.error && <ErrorAlert error={move.error} />}
        <p>
          The store keeps its id, memories, history and review state. From the moment it moves, this workspace&apos;s API keys, MCP grants and webhooks no
          longer reach it; the other workspace&apos;s do.
        </p>
        <Field label="Move to" htmlFor="move-store-target">
          <select
            id="move-store-target"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="block w-full rounded-md border-0 py-2 text-sm ring-1 ring-inset ring-slate-300"
          >
            {targets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </Field>
        <TypedConfirmation state={confirmation} id="move-store-confirm" />
      </div>
      <DialogActions onCancel={close} className="mt-4">
        <Button disabled={!confirmation.confirmed || !target || move.isPending} onClick={() => move.mutate()}>
          {move.isPending ? "Moving…" : "Move store"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
