import { invalidRequest } from "../memory/errors.ts";

export const MEMORY_BETA = "agent-memory-2026-07-22";
export const MANAGED_AGENTS_BETA = "managed-agents-2026-04-01";

/**
 * `anthropic-beta` must name exactly one of the two betas that serve memory stores. Several
 * header lines arrive joined with commas, so "both on two lines" is caught like "both in one".
 */
export function checkBetaHeader(headers: Headers) {
  const values = (headers.get("anthropic-beta") ?? "").split(",").map((v) => v.trim());
  const memory = values.includes(MEMORY_BETA);
  const managed = values.includes(MANAGED_AGENTS_BETA);
  if (memory && managed) {
    throw invalidRequest(`Send either ${MEMORY_BETA} or ${MANAGED_AGENTS_BETA} in the anthropic-beta header, not both.`);
  }
  if (!memory && !managed) {
    throw invalidRequest(`This endpoint is in beta: send the header "anthropic-beta: ${MEMORY_BETA}".`);
  }
}
