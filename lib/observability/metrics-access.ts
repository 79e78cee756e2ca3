import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "../config.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics: off (404) unless METRICS_TOKEN is set, then only with `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time). "off" and "refused" are told apart so that a
 * misconfigured scraper sees why.
 */
export function metricsAccess(authorization: string | null): "off" | "refused" | "allowed" {
  const token = config().METRICS_TOKEN;
  if (!token) return "off";
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  if (!match) return "refused";
  return timingSafeEqual(digest(match[1]!), digest(token)) ? "allowed" : "refused";
}
