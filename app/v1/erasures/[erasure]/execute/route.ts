// POST /v1/erasures/{erasure}/execute – carry out a dry run, conditional on what it saw (admins; extension)
import { erasureWire, executeErasureBody } from "@/lib/http/erasure-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { executeErasure } from "@/lib/memory/erase/execute-erasure.ts";

export const POST = apiRoute<{ erasure: string }>({ permission: "admin", beta: false }, async ({ db, params, body, actor }) => {
  const input = parseWire(executeErasureBody, await body(), "body");
  const { erasure, items } = await executeErasure(db, { erasureId: params.erasure, text: input.query, confirmation: input.confirmation, actor });
  return erasureWire(erasure, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
