import { generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chainStatement, parseSigningKey, signerOf } from "../../lib/memory/integrity/signing.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { pruneVersions } from "../../lib/memory/versions/prune-versions.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "../domain/database.ts";

/**
 * The history chain (lib/memory/integrity) against edits made straight in the database, on
 * both engines: each kind of tampering is reported at the version it touched, and what the
 * application itself does to history (redaction, retention) keeps the chain verifying.
 */
const t = useFreshDatabase();

/** A store with five versions, oldest first: created, modified, modified (other memory created), modified. */
async function storeWithHistory() {
  const storeId = await newStore(t.db);
  await setReviewPolicy(t.db, storeId, "nobody"); // no open review keeps versions from retention
  const a = await createMemory(t.db, { storeId, path: "/a.md", content: "one", actor: API_ACTOR });
  await updateMemory(t.db, { storeId, memoryId: a.id, content: "two", actor: API_ACTOR });
  await updateMemory(t.db, { storeId, memoryId: a.id, content: "three", actor: API_ACTOR });
  const b = await createMemory(t.db, { storeId, path: "/b.md", content: "bee", actor: API_ACTOR });
  await updateMemory(t.db, { storeId, memoryId: b.id, content: "bee two", actor: API_ACTOR });
  const versions = (await listVersions(t.db, { storeId, limit: 100, withContent: false })).items.reverse();
  return { storeId, a, b, ids: versions.map((v) => v.id) };
}

describe("history chain", () => {
  it("verifies what the application wrote, numbering each store's versions from 1", async () => {
    const { storeId, ids } = await storeWithHistory();
    const report = await verifyStoreChain(t.db, storeId);
    expect(report).toMatchObject({ status: "verified", versionsChecked: 5, break: null, head: { seq: 5 } });
    const seqs = await t.db.sql.$queryRaw<
      { id: string; chain_seq: number | bigint }[]
    >`SELECT id, chain_seq FROM memory_versions WHERE store_id = ${storeId} ORDER BY chain_seq`;
    expect(seqs.map((r) => [r.id, Number(r.chain_seq)])).toEqual(ids.map((id, i) => [id, i + 1]));
  });

  it("concurrent writes to one store leave one unbroken chain", async () => {
    const storeId = await newStore(t.db);
    await setReviewPolicy(t.db, storeId, "nobody");
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createMemory(t.db, { storeId, path: `/c/${i}.md`, content: `v${i}`, actor: API_ACTOR })),
    );
    await Promise.all(made.map((m) => updateMemory(t.db, { storeId, memoryId: m.id, content: `${m.content} again`, actor: API_ACTOR })));
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified", versionsChecked: 24, head: { seq: 24 } });
  });

  it("an edited path or content is reported at that version", async () => {
    const { storeId, ids } = await storeWithHistory();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET path = '/elsewhere.md' WHERE id = ${ids[1]}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: ids[1], chainSeq: 2 } });

    const other = await storeWithHistory();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET content = 'forged' WHERE id = ${other.ids[2]}`);
    const report = await verifyStoreChain(t.db, other.storeId);
    expect(report).toMatchObject({ status: "broken", break: { versionId: other.ids[2] } });
    expect(report!.break!.problem).toMatch(/content_sha256/);
  });

  it("content edited together with its hash is still caught, by the record hash", async () => {
    const { storeId, ids } = await storeWithHistory();
    const forged = "forged";
    const { createHash } = await import("node:crypto");
    const sha = createHash("sha256").update(forged).digest("hex");
    await t.db.sqlTransaction(
      (tx) => tx.$executeRaw`UPDATE memory_versions SET content = ${forged}, content_sha256 = ${sha}, content_size_bytes = 6 WHERE id = ${ids[0]}`,
    );
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: ids[0], chainSeq: 1 } });
  });

  it("a deleted middle version is reported at the next one; a deleted last one at the head", async () => {
    const { storeId, ids } = await storeWithHistory();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM memory_versions WHERE id = ${ids[2]}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: ids[3], chainSeq: 4 } });

    const other = await storeWithHistory();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM memory_versions WHERE id = ${other.ids[4]}`);
    expect(await verifyStoreChain(t.db, other.storeId)).toMatchObject({ status: "broken", break: { versionId: other.ids[3] } });
  });

  it("a forged row is reported there, with or without a place in the chain", async () => {
    const { storeId, a, ids } = await storeWithHistory();
    const forgedId = `${ids[4]}Z`;
    await t.db.sqlTransaction(
      (
        tx,
      ) => tx.$executeRaw`INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at)
        SELECT ${forgedId}, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at FROM memory_versions WHERE id = ${ids[1]}`,
    );
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: forgedId } });
    expect(a.id).toBeTruthy();

    // A copy that carries the chain columns too (its place and hashes are another version's).
    const other = await storeWithHistory();
    const copyId = `${other.ids[1]}Z`;
    await t.db.sqlTransaction(
      (
        tx,
      ) => tx.$executeRaw`INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at, chain_seq, record_hash, prev_chain_hash, chain_hash)
        SELECT ${copyId}, store_id, memory_id, operation, '/planted.md', content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at, chain_seq, record_hash, prev_chain_hash, chain_hash FROM memory_versions WHERE id = ${other.ids[1]}`,
    );
    expect(await verifyStoreChain(t.db, other.storeId)).toMatchObject({ status: "broken", break: { versionId: copyId } });
  });

  it("a live memory edited off its head version is reported at that version", async () => {
    const { storeId, ids } = await storeWithHistory();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memories SET content = 'planted' WHERE store_id = ${storeId} AND memory_version_id = ${ids[4]}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: ids[4] } });
  });

  it("redaction keeps the chain verifying and the report says where and by whom", async () => {
    const { storeId, ids } = await storeWithHistory();
    await redactVersion(t.db, { storeId, versionId: ids[1]!, actor: API_ACTOR });
    const report = await verifyStoreChain(t.db, storeId);
    expect(report).toMatchObject({ status: "verified", versionsChecked: 5, redactionCount: 1 });
    expect(report!.redactions[0]).toMatchObject({ versionId: ids[1], chainSeq: 2, redactedByType: "api_actor" });
  });

  it("retention's cut leaves a checkpoint the chain verifies from; a deletion after it still breaks", async () => {
    const { storeId, a, ids } = await storeWithHistory();
    await deleteMemory(t.db, { storeId, memoryId: a.id, actor: API_ACTOR });
    const { deleted } = await pruneVersions(t.db, { retentionDays: 1, now: new Date(Date.now() + 2 * 86_400_000) });
    expect(deleted).toBeGreaterThanOrEqual(4);
    const report = await verifyStoreChain(t.db, storeId);
    expect(report).toMatchObject({ status: "verified", checkpoint: { seq: 6 } });
    // Versions written after the cut link on.
    const c = await createMemory(t.db, { storeId, path: "/c.md", content: "sea", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: c.id, content: "sea two", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: c.id, content: "sea three", actor: API_ACTOR });
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified" });
    const after = (await listVersions(t.db, { storeId, memoryId: c.id, limit: 10, withContent: false })).items.reverse();
    await t.db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM memory_versions WHERE id = ${after[1]!.id}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: after[2]!.id } });
    expect(ids).toHaveLength(5);
  });

  it("with a signing key, retention's checkpoint is signed by it (Ed25519, PEM or base64 PKCS#8)", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const base64 = privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
    const signer = signerOf(parseSigningKey(base64));
    expect(signerOf(parseSigningKey(privateKey.export({ type: "pkcs8", format: "pem" }).toString())).publicKeyPem).toBe(signer.publicKeyPem);
    expect(() => parseSigningKey(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString())).toThrow(
      /not Ed25519/,
    );
    const { storeId, a } = await storeWithHistory();
    await deleteMemory(t.db, { storeId, memoryId: a.id, actor: API_ACTOR });
    await pruneVersions(t.db, { retentionDays: 1, now: new Date(Date.now() + 2 * 86_400_000), signer });
    const report = (await verifyStoreChain(t.db, storeId))!;
    expect(report.status).toBe("verified");
    const { seq, hash, signature } = report.checkpoint!;
    const statement = Buffer.from(chainStatement("checkpoint", storeId, seq, hash));
    expect(verify(null, statement, signer.publicKeyPem, Buffer.from(signature!, "base64"))).toBe(true);
    expect(verify(null, Buffer.from(chainStatement("checkpoint", storeId, seq + 1, hash)), signer.publicKeyPem, Buffer.from(signature!, "base64"))).toBe(false);
  });

  it("history from before the chain is hashed at its first verification, then guarded like the rest", async () => {
    const { storeId, ids } = await storeWithHistory();
    // As migration 0016 leaves a store that had versions: numbered, not hashed.
    await t.db.sqlTransaction(
      (tx) => tx.$executeRaw`UPDATE memory_versions SET record_hash = NULL, prev_chain_hash = NULL, chain_hash = NULL WHERE store_id = ${storeId}`,
    );
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_stores SET chain_head_hash = NULL WHERE id = ${storeId}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified", versionsChecked: 5 });
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET operation = 'deleted' WHERE id = ${ids[3]}`);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "broken", break: { versionId: ids[3] } });
  });
});
