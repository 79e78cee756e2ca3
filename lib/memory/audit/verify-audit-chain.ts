import { raw, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { GENESIS, linkHash } from "../integrity/chain-record.ts";
import type { ChainBreak } from "../integrity/verify-chain.ts";
import { AUDIT_COLUMNS, auditRecordHash, auditRecordOf, type AuditRow } from "./audit-record.ts";

const PAGE = 500;

export interface AuditIntegrityReport {
  status: "verified" | "broken";
  eventsChecked: number;
  break: ChainBreak | null;
  head: { seq: number; hash: string };
  verifiedAt: Date;
}

const broke = (row: AuditRow, problem: string, expected: string | null = null, found: string | null = null): ChainBreak => ({
  versionId: row.id,
  chainSeq: row.seq === null ? null : Number(row.seq),
  problem,
  expected,
  found,
});

function checkEvent(row: AuditRow, prev: { seq: number; hash: string } | null): ChainBreak | null {
  if (row.record_hash === null || row.prev_chain_hash === null || row.chain_hash === null)
    return broke(row, "The event has no chain hashes: it was not written by the application.");
  const record = auditRecordHash(auditRecordOf(row));
  if (record !== row.record_hash) return broke(row, "The event's fields do not match its record_hash.", row.record_hash, record);
  const chain = linkHash(row.prev_chain_hash, row.record_hash);
  if (chain !== row.chain_hash) return broke(row, "The chain_hash does not follow from prev_chain_hash and record_hash.", row.chain_hash, chain);
  const expectedSeq = (prev?.seq ?? 0) + 1;
  if (Number(row.seq) !== expectedSeq)
    return broke(row, `The event's seq is ${Number(row.seq)}, expected ${expectedSeq}: events are missing or repeated.`, String(expectedSeq), String(row.seq));
  const expectedPrev = prev?.hash ?? GENESIS;
  if (row.prev_chain_hash !== expectedPrev)
    return broke(row, "The event does not link to the chain hash of the event before it.", expectedPrev, row.prev_chain_hash);
  return null;
}

/**
 * The audit log's chain recomputed, oldest first, in pages (linear; others run between pages):
 * the first event edited, deleted (a gap: reported at the next), or inserted behind the
 * application's back. The log is never pruned, so no gap is allowed.
 */
export async function verifyAuditChain(db: Db): Promise<AuditIntegrityReport> {
  const [h] = await db.sql.$queryRaw<{ seq: number | bigint; hash: string }[]>`SELECT seq, hash FROM audit_chain_head WHERE id = 1`;
  const head = { seq: Number(h?.seq ?? 0), hash: h?.hash ?? GENESIS };
  const report: AuditIntegrityReport = { status: "verified", eventsChecked: 0, break: null, head, verifiedAt: new Date() };
  let prev: { seq: number; hash: string } | null = null;
  let last: AuditRow | null = null;
  let cursor = { seq: 0, id: "" };
  walk: for (;;) {
    const rows = await db.sql.$queryRaw<AuditRow[]>`
      SELECT ${raw(AUDIT_COLUMNS)} FROM audit_events
      WHERE seq <= ${head.seq} AND (seq > ${cursor.seq} OR (seq = ${cursor.seq} AND id > ${cursor.id}))
      ORDER BY seq, id LIMIT ${PAGE}`;
    for (const row of rows) {
      report.eventsChecked += 1;
      const problem = checkEvent(row, prev);
      if (problem) {
        report.break = problem;
        break walk;
      }
      prev = { seq: Number(row.seq), hash: row.chain_hash! };
      last = row;
    }
    if (rows.length < PAGE) break;
    cursor = { seq: Number(last!.seq), id: last!.id };
    await letOthersRun();
  }
  if (!report.break && (prev?.seq ?? 0) !== head.seq) {
    report.break = {
      versionId: last?.id ?? "",
      chainSeq: prev?.seq ?? null,
      problem: `The log ends at ${prev?.seq ?? 0}, its head is ${head.seq}: events after this one are missing.`,
      expected: String(head.seq),
      found: String(prev?.seq ?? 0),
    };
  }
  if (!report.break && prev && prev.hash !== head.hash)
    report.break = broke(last!, "The audit chain's head does not match its last event.", head.hash, prev.hash);
  if (!report.break) {
    const [stray] = await db.sql.$queryRaw<AuditRow[]>`SELECT ${raw(AUDIT_COLUMNS)} FROM audit_events WHERE seq IS NULL ORDER BY id LIMIT 1`;
    if (stray) report.break = broke(stray, "The event has no place in the chain: it was not written by the application.");
  }
  if (report.break) report.status = "broken";
  return report;
}
