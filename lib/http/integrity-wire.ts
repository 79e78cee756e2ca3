import { z } from "zod";
import type { CheckedVersion, IntegrityReport } from "../memory/integrity/verify-chain.ts";
import { extension } from "./time-travel-wire.ts";

/** The wire shape of a history verification (lib/memory/integrity), an extension. */
const time = z.iso.datetime();
const checkedVersion = z.object({ version_id: z.string(), chain_seq: z.number().int(), created_at: time });

export const integrityReportSchema = extension(
  z.object({
    type: z.literal("integrity_report"),
    memory_store_id: z.string(),
    status: z.enum(["verified", "broken"]),
    versions_checked: z.number().int().meta({ description: "Versions recomputed, in chain order, up to and including the first broken one." }),
    checked_range: z
      .object({ first: checkedVersion, last: checkedVersion })
      .nullable()
      .meta({ description: "The first and the last version recomputed, in chain order (the last is the broken one when it broke); null: none." }),
    first_broken_version_id: z.string().nullable(),
    break: z
      .object({
        version_id: z.string(),
        chain_seq: z.number().int().nullable(),
        problem: z.string().meta({ description: "Which check failed at this version, in words." }),
        expected: z.string().nullable(),
        found: z.string().nullable(),
      })
      .nullable(),
    head: z.object({ chain_seq: z.number().int(), chain_hash: z.string().nullable() }),
    checkpoint: z
      .object({ chain_seq: z.number().int(), chain_hash: z.string(), created_at: time.nullable(), signature: z.string().nullable() })
      .nullable()
      .meta({ description: "Where retention last cut the chain: versions up to it may be gone, the chain verifies from it." }),
    redaction_count: z.number().int(),
    redactions: z
      .array(
        z.object({
          version_id: z.string(),
          chain_seq: z.number().int(),
          redacted_at: time,
          redacted_by: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
        }),
      )
      .meta({ description: "The first 100 redacted versions in chain order: content gone, chain intact." }),
    verified_at: time,
  }),
  "IntegrityReport",
  "A store's history chain recomputed from its versions: verified, or the first version where it breaks.",
);

export function integrityReportWire(r: IntegrityReport): z.infer<typeof integrityReportSchema> {
  return {
    type: "integrity_report",
    memory_store_id: r.storeId,
    status: r.status,
    versions_checked: r.versionsChecked,
    checked_range: r.checkedRange && { first: checkedVersionWire(r.checkedRange.first), last: checkedVersionWire(r.checkedRange.last) },
    first_broken_version_id: r.break?.versionId ?? null,
    break: r.break && {
      version_id: r.break.versionId,
      chain_seq: r.break.chainSeq,
      problem: r.break.problem,
      expected: r.break.expected,
      found: r.break.found,
    },
    head: { chain_seq: r.head.seq, chain_hash: r.head.hash },
    checkpoint: r.checkpoint && {
      chain_seq: r.checkpoint.seq,
      chain_hash: r.checkpoint.hash,
      created_at: r.checkpoint.at?.toISOString() ?? null,
      signature: r.checkpoint.signature,
    },
    redaction_count: r.redactionCount,
    redactions: r.redactions.map((x) => ({
      version_id: x.versionId,
      chain_seq: x.chainSeq,
      redacted_at: x.redactedAt.toISOString(),
      redacted_by: { type: x.redactedByType, id: x.redactedById },
    })),
    verified_at: r.verifiedAt.toISOString(),
  };
}

const checkedVersionWire = (v: CheckedVersion) => ({ version_id: v.versionId, chain_seq: v.chainSeq, created_at: v.createdAt.toISOString() });
