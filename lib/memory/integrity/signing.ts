import { createPrivateKey, createPublicKey, sign, type KeyObject } from "node:crypto";

/**
 * The optional Ed25519 key (INTEGRITY_SIGNING_KEY) that signs chain heads where they leave the
 * database's control: retention's checkpoints and exports. A signature is over a one-line
 * statement naming what it vouches for, so it cannot be moved to another store or position.
 */
export interface Signer {
  /** base64 Ed25519 signature of the statement's UTF-8 bytes. */
  sign(statement: string): string;
  /** The public key (SPKI PEM) that checks it. */
  publicKeyPem: string;
}

/** The key as PEM, or as base64 of its PKCS#8 DER; throws unless it is an Ed25519 private key. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith("-----BEGIN")
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "pkcs8" });
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`the key is ${key.asymmetricKeyType ?? "not asymmetric"}, not Ed25519`);
  return key;
}

export function signerOf(key: KeyObject): Signer {
  return {
    sign: (statement) => sign(null, Buffer.from(statement, "utf8"), key).toString("base64"),
    publicKeyPem: createPublicKey(key).export({ type: "spki", format: "pem" }).toString(),
  };
}

/** What a signature on a store's chain position says. */
export const chainStatement = (kind: "checkpoint" | "export", storeId: string, seq: number, hash: string) =>
  `memory-console/${kind}/1 ${storeId} ${seq} ${hash}`;
