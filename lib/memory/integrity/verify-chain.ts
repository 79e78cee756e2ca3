import type { Db, SqlClient } from "../db.ts";
import { sha256Hex, utf8Length } from "../hashing.ts";
import { letOthersRun } from "../let-others-run.ts";
import { GENESIS, linkHash, recordHash } from "./chain-record.ts";
import { backfillStoreChain } from "./backfill-chain.ts";
import { lockStore } from "../stores/lock-store.ts";
import { awaitsBackfill, readStoreHead } from "./store-head.ts";
import { chainRecordOf, type ChainedVersionRow } from "./version-chain-rows.ts";

/** Versions read per page: each page's content is hashed, then other requests get a turn. */
const PAGE = 200;
/** Redactions listed in a report (the count is always complete). */
const REDACTIONS_LISTED = 100;

export interface ChainBreak {
  versionId: string;
  chainSeq: number | null;
  /** What differs, in words (which check failed). */
  problem: string;
  expected: string | null;
  found: string | null;
}

export interface Redaction {
  versionId: string;
  chainSeq: number;
  redactedAt: Date;
  redactedByType: string | null;
  redactedById: string | null;
}

export interface Checkpoint {
  seq: number;
  hash: string;
  at: Date | null;
  signature: string | null;
}

/** A version at one end of the range a verification walked. */
export interface CheckedVersion {
  versionId: string;
  chainSeq: number;
  createdAt: Date;
}

export interface IntegrityReport {
  storeId: string;
  status: "verified" | "broken";
  versionsChecked: number;
  /** The first and the last version walked, in chain order (null: none); the last is the broken one when it broke. */
  checkedRange: { first: CheckedVersion; last: CheckedVersion } | null;
  break: ChainBreak | null;
  head: { seq: number; hash: string | null };
  checkpoint: Checkpoint | null;
  redactionCount: number;
  redactions: Redaction[];
  verifiedAt: Date;
}

type Row = ChainedVersionRow & {
  content: string | null;
  record_hash: string | null;
  prev_chain_hash: string | null;
  chain_hash: string | null;
  redacted_at: Date | string | null;
  redacted_by_type: string | null;
  redacted_by_id: string | null;
};

interface StoreChainState {
  head: { seq: number; hash: string | null };
  checkpoint: Checkpoint | null;
}

async function readChainState(sql: SqlClient, storeId: string): Promise<StoreChainState | null> {
  const [s] = await sql.$queryRaw<
    {
      chain_head_seq: number | bigint;
      chain_head_hash: string | null;
      chain_checkpoint_seq: number | bigint | null;
      chain_checkpoint_hash: string | null;
      chain_checkpoint_at: Date | string | null;
      chain_checkpoint_signature: string | null;
    }[]
  >`SELECT chain_head_seq, chain_head_hash, chain_checkpoint_seq, chain_checkpoint_hash, chain_checkpoint_at, chain_checkpoint_signature
    FROM memory_stores WHERE id = ${storeId}`;
  if (!s) return null;
  const checkpoint =
    s.chain_checkpoint_seq === null || s.chain_checkpoint_hash === null
      ? null
      : {
          seq: Number(s.chain_checkpoint_seq),
          hash: s.chain_checkpoint_hash,
          at: s.chain_checkpoint_at === null ? null : new Date(s.chain_checkpoint_at),
          signature: s.chain_checkpoint_signature,
        };
  return { head: { seq: Number(s.chain_head_seq), hash: s.chain_head_hash }, checkpoint };
}

const broke = (
  row: { id: string; chain_seq: number | bigint | null },
  problem: string,
  expected: string | null = null,
  found: string | null = null,
): ChainBreak => ({
  versionId: row.id,
  chainSeq: row.chain_seq === null ? null : Number(row.chain_seq),
  problem,
  expected,
  found,
});

/** The row's own fields against its hashes: content against content_sha256, the record against record_hash, the link against chain_hash. */
function checkOwnFields(row: Row): ChainBreak | null {
  if (row.record_hash === null || row.prev_chain_hash === null || row.chain_hash === null)
    return broke(row, "The version has no chain hashes: it was not written by the application.");
  if (row.redacted_at === null) {
    if (row.content !== null) {
      const sha = sha256Hex(row.content);
      if (sha !== row.content_sha256) return broke(row, "The content does not match its content_sha256.", row.content_sha256, sha);
      const size = utf8Length(row.content);
      if (row.content_size_bytes === null || size !== Number(row.content_size_bytes))
        return broke(row, "The content does not match its content_size_bytes.", String(row.content_size_bytes), String(size));
    }
    const record = recordHash(chainRecordOf(row));
    if (record !== row.record_hash)
      return broke(
        row,
        "The record (id, memory, operation, path, content_sha256, size, actor or time) does not match its record_hash.",
        row.record_hash,
        record,
      );
  }
  const chain = linkHash(row.prev_chain_hash, row.record_hash);
  if (chain !== row.chain_hash) return broke(row, "The chain_hash does not follow from prev_chain_hash and record_hash.", row.chain_hash, chain);
  return null;
}

/** The row against the one before it in the chain (null: none), allowing the gaps retention cut below its checkpoint. */
function checkLink(row: Row, prev: { seq: number; hash: string } | null, checkpoint: Checkpoint | null): ChainBreak | null {
  const seq = Number(row.chain_seq);
  const expectedSeq = (prev?.seq ?? 0) + 1;
  if (seq < expectedSeq) return broke(row, `The chain_seq ${seq} repeats or goes back (expected ${expectedSeq}).`, String(expectedSeq), String(seq));
  if (seq === expectedSeq) {
    const expected = prev?.hash ?? GENESIS;
    return row.prev_chain_hash === expected
      ? null
      : broke(row, "The version does not link to the chain hash of the version before it.", expected, row.prev_chain_hash);
  }
  // A gap: only retention's, below its checkpoint; the version right after the checkpoint links to it.
  if (!checkpoint || seq - 1 > checkpoint.seq)
    return broke(row, `Versions ${expectedSeq}–${seq - 1} of the chain are missing before this one.`, String(expectedSeq), String(seq));
  if (seq - 1 === checkpoint.seq && row.prev_chain_hash !== checkpoint.hash)
    return broke(row, "The version does not link to retention's checkpoint.", checkpoint.hash, row.prev_chain_hash);
  return null;
}

/** The chain's end against the store's head. */
function checkEnd(last: Row | null, state: StoreChainState): ChainBreak | null {
  const { head, checkpoint } = state;
  const lastSeq = last ? Number(last.chain_seq) : 0;
  if (last && lastSeq === head.seq)
    return last.chain_hash === head.hash ? null : broke(last, "The store's chain head does not match its last version.", head.hash, last.chain_hash);
  if (lastSeq > head.seq) return null; // written after the head was read: not this walk's
  if (checkpoint && head.seq <= checkpoint.seq) return head.seq < checkpoint.seq || head.hash === checkpoint.hash ? null : brokeAtEnd(last, state);
  if (head.seq === 0 && !last) return null;
  return brokeAtEnd(last, state);
}

const brokeAtEnd = (last: Row | null, state: StoreChainState): ChainBreak => ({
  versionId: last?.id ?? "",
  chainSeq: last ? Number(last.chain_seq) : null,
  problem: `The chain ends at ${last ? Number(last.chain_seq) : 0}, the store's head is ${state.head.seq}: versions after this one are missing.`,
  expected: String(state.head.seq),
  found: String(last ? Number(last.chain_seq) : 0),
});

/**
 * Recomputes a store's chain from its versions, oldest first, in pages (linear; other requests
 * run between pages), and reports the first version where it breaks: a row edited (its record,
 * content or hashes no longer agree), deleted (a gap above retention's checkpoint), or inserted
 * (no chain hashes, or a place in the chain that does not link) behind the application's back.
 * Redacted versions keep their hashes: the link is checked, their record (gone) is not, and the
 * report lists them. Null: no such store.
 */
export async function verifyStoreChain(db: Db, storeId: string): Promise<IntegrityReport | null> {
  const head = await readStoreHead(db.sql, storeId);
  if (head && awaitsBackfill(head)) {
    await db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      await backfillStoreChain(tx, storeId);
    });
  }
  const first = await walkChain(db, storeId);
  if (!first || first.status === "verified") return first;
  // Retention may have cut the chain while it was read: once more, from its new checkpoint.
  const again = await readChainState(db.sql, storeId);
  return again && again.checkpoint?.seq !== first.checkpoint?.seq ? walkChain(db, storeId) : first;
}

async function walkChain(db: Db, storeId: string): Promise<IntegrityReport | null> {
  const state = await readChainState(db.sql, storeId);
  if (!state) return null;
  const report: IntegrityReport = {
    storeId,
    status: "verified",
    versionsChecked: 0,
    checkedRange: null,
    break: null,
    head: state.head,
    checkpoint: state.checkpoint,
    redactionCount: 0,
    redactions: [],
    verifiedAt: new Date(),
  };
  let prev: { seq: number; hash: string } | null = null;
  let last: Row | null = null;
  let cursor = { seq: 0, id: "" };
  walk: for (;;) {
    const rows = await db.sql.$queryRaw<Row[]>`
      SELECT id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at,
        chain_seq, record_hash, prev_chain_hash, chain_hash, redacted_at, redacted_by_type, redacted_by_id
      FROM memory_versions
      WHERE store_id = ${storeId} AND chain_seq <= ${state.head.seq} AND (chain_seq > ${cursor.seq} OR (chain_seq = ${cursor.seq} AND id > ${cursor.id}))
      ORDER BY chain_seq, id LIMIT ${PAGE}`;
    for (const row of rows) {
      report.versionsChecked += 1;
      const checked = { versionId: row.id, chainSeq: Number(row.chain_seq), createdAt: new Date(row.created_at) };
      report.checkedRange = { first: report.checkedRange?.first ?? checked, last: checked };
      const problem = checkOwnFields(row) ?? checkLink(row, prev, state.checkpoint);
      if (problem) {
        report.break = problem;
        break walk;
      }
      if (row.redacted_at !== null) {
        report.redactionCount += 1;
        if (report.redactions.length < REDACTIONS_LISTED)
          report.redactions.push({
            versionId: row.id,
            chainSeq: Number(row.chain_seq),
            redactedAt: new Date(row.redacted_at),
            redactedByType: row.redacted_by_type,
            redactedById: row.redacted_by_id,
          });
      }
      prev = { seq: Number(row.chain_seq), hash: row.chain_hash! };
      last = row;
    }
    if (rows.length < PAGE) break;
    cursor = { seq: Number(last!.chain_seq), id: last!.id };
    await letOthersRun();
  }
  report.break ??= checkEnd(last, state) ?? (await unchainedRow(db, storeId)) ?? (await liveMemoryOffItsHead(db, storeId));
  if (report.break) report.status = "broken";
  return report;
}

/** A version with no place in the chain at all: inserted behind the application's back. */
async function unchainedRow(db: Db, storeId: string): Promise<ChainBreak | null> {
  const [row] = await db.sql.$queryRaw<{ id: string }[]>`
    SELECT id FROM memory_versions WHERE store_id = ${storeId} AND chain_seq IS NULL ORDER BY id LIMIT 1`;
  return row
    ? {
        versionId: row.id,
        chainSeq: null,
        problem: "The version has no place in the chain: it was not written by the application.",
        expected: null,
        found: null,
      }
    : null;
}

/**
 * A live memory whose row no longer matches its head version (the version it names holds its
 * path and content): its row was edited behind the application's back, or the version it names
 * is gone. Compared in the database, without reading the content out.
 */
async function liveMemoryOffItsHead(db: Db, storeId: string): Promise<ChainBreak | null> {
  const [row] = await db.sql.$queryRaw<{ path: string; memory_version_id: string }[]>`
    SELECT m.path, m.memory_version_id FROM memories m LEFT JOIN memory_versions v ON v.id = m.memory_version_id
    WHERE m.store_id = ${storeId} AND (v.id IS NULL OR v.path <> m.path OR v.content <> m.content OR v.content_sha256 <> m.content_sha256)
    ORDER BY m.memory_version_id LIMIT 1`;
  return row
    ? {
        versionId: row.memory_version_id,
        chainSeq: null,
        problem: `The live memory at ${row.path} does not match its head version.`,
        expected: null,
        found: null,
      }
    : null;
}
