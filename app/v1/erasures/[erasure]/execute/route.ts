// POST /v1/erasures/{erasure}/execute – carry out a dry run, conditional on what it saw (admins; extension)
import { erasureWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { executeErasure } from "@/lib/memory/erase/execute-erasure.ts";

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
  return erasureWire(erasure, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
