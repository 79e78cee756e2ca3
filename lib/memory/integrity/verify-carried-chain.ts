import { actorId, type Actor } from "../actor.ts";
import { sha256Hex } from "../hashing.ts";
import { GENESIS, linkHash, recordHash } from "./chain-record.ts";

/** A version as an export file carries it, with its chain fields (lib/export/lines.ts). */
export interface CarriedVersion {
  id: string;
  memoryId: string;
  operation: string;
  path: string | null;
  content: string | null;
  contentSha256: string | null;
  contentSizeBytes: number | null;
  createdBy: Actor | null;
  createdAt: Date;
  redacted: boolean;
  chainSeq: number | null;
  recordHash: string | null;
  prevChainHash: string | null;
  chainHash: string | null;
}

/** The export's `history_chain` line, as read. */
export interface CarriedHead {
  headSeq: number;
  headHash: string | null;
  checkpoint: { seq: number; hash: string } | null;
  /** The file left memories out (export_omission lines): their versions are gaps no checkpoint explains. */
  omissions: number;
}

/** What an import with history says of the chain it read (the import's answer, `history_chain`). */
export interface CarriedChainReport {
  /** absent: the file carries no chain (an older export, or one written elsewhere); incomplete: the export left memories out. */
  status: "verified" | "broken" | "absent" | "incomplete";
  versions_checked: number;
  first_broken_version_id: string | null;
  problem: string | null;
  head: { chain_seq: number; chain_hash: string | null } | null;
}

/**
 * The chain an export carries, recomputed from the file alone (each version's record from its
 * fields, its content against its hash, each link, the head) in chain order, with the gaps
 * retention's checkpoint allows. Linear in the versions; the caller bounds the file's size.
 */
export function verifyCarriedChain(versions: readonly CarriedVersion[], head: CarriedHead | null): CarriedChainReport {
  const report = (
    status: CarriedChainReport["status"],
    checked: number,
    broken: CarriedVersion | null = null,
    problem: string | null = null,
  ): CarriedChainReport => ({
    status,
    versions_checked: checked,
    first_broken_version_id: broken?.id ?? null,
    problem,
    head: head && { chain_seq: head.headSeq, chain_hash: head.headHash },
  });
  if (!head) return report("absent", 0);
  if (head.omissions > 0) return report("incomplete", 0, null, `The export left ${head.omissions} memories out, and their versions with them.`);
  const chained = versions.filter((v) => v.chainSeq !== null).sort((a, b) => a.chainSeq! - b.chainSeq! || (a.id < b.id ? -1 : 1));
  const stray = versions.find((v) => v.chainSeq === null);
  let prev: { seq: number; hash: string } | null = null;
  let checked = 0;
  for (const v of chained) {
    checked += 1;
    if (!v.recordHash || !v.prevChainHash || !v.chainHash) return report("broken", checked, v, "The version carries no chain hashes.");
    if (!v.redacted) {
      if (v.content !== null && sha256Hex(v.content) !== v.contentSha256) return report("broken", checked, v, "The content does not match its content_sha256.");
      const record = recordHash({
        seq: v.chainSeq!,
        id: v.id,
        memoryId: v.memoryId,
        operation: v.operation,
        path: v.path,
        sha: v.contentSha256,
        size: v.contentSizeBytes,
        actorType: v.createdBy?.type ?? null,
        actorId: v.createdBy ? actorId(v.createdBy) : null,
        at: v.createdAt,
      });
      if (record !== v.recordHash) return report("broken", checked, v, "The record does not match its record_hash.");
    }
    if (linkHash(v.prevChainHash, v.recordHash) !== v.chainHash)
      return report("broken", checked, v, "The chain_hash does not follow from prev_chain_hash and record_hash.");
    const expected: number = (prev?.seq ?? 0) + 1;
    if (v.chainSeq! < expected) return report("broken", checked, v, "The chain_seq repeats.");
    if (v.chainSeq === expected) {
      if (v.prevChainHash !== (prev?.hash ?? GENESIS)) return report("broken", checked, v, "The version does not link to the one before it.");
    } else if (!head.checkpoint || v.chainSeq! - 1 > head.checkpoint.seq) {
      return report("broken", checked, v, "Versions are missing before this one.");
    } else if (v.chainSeq! - 1 === head.checkpoint.seq && v.prevChainHash !== head.checkpoint.hash) {
      return report("broken", checked, v, "The version does not link to retention's checkpoint.");
    }
    prev = { seq: v.chainSeq!, hash: v.chainHash };
    if (v.chainSeq === head.headSeq && v.chainHash !== head.headHash) return report("broken", checked, v, "The chain's head does not match this version.");
  }
  const lastSeq = prev?.seq ?? 0;
  if (lastSeq < head.headSeq && !(head.checkpoint && head.headSeq <= head.checkpoint.seq))
    return report("broken", checked, null, `The chain ends at ${lastSeq}, its head is ${head.headSeq}.`);
  if (stray) return report("broken", checked, stray, "The version has no place in the chain.");
  return report("verified", checked);
}
