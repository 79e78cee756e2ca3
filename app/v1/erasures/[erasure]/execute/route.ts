// POST /v1/erasures/{erasure}/execute – carry out a dry run, conditional on what it saw (admins; extension)
import { erasureWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { erasedStretches } from "@/lib/memory/erase/erasure-rows.ts";
import { executeErasure } from "@/lib/memory/erase/execute-erasure.ts";
import { announceExposure } from "@/lib/memory/reads/exposed-sessions.ts";

export const POST = apiRoute(OPERATIONS.executeErasure, async ({ db, params, input: read, actor, principal }) => {
  const input = await read();
  const { erasure, items } = await executeErasure(db, {
    erasureId: params.erasure,
    text: input.query,
    values: input.values,
    confirmation: input.confirmation,
    actor,
    workspaceId: principal.workspaceId,
  });
  // Once it has committed: the sessions that read what it erased, announced to webhooks and in the report.
  const exposed = await announceExposure(db, { act: { type: "erasure", id: erasure.id }, removed: erasedStretches(items) });
  return erasureWire(erasure, items, exposed);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
