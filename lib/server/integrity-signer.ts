import { config } from "../config.ts";
import { parseSigningKey, signerOf, type Signer } from "../memory/integrity/signing.ts";

let cached: { signer: Signer | undefined } | undefined;

/** The configured INTEGRITY_SIGNING_KEY as a signer (undefined: unset), parsed once. */
export function integritySigner(): Signer | undefined {
  cached ??= { signer: config().INTEGRITY_SIGNING_KEY ? signerOf(parseSigningKey(config().INTEGRITY_SIGNING_KEY!)) : undefined };
  return cached.signer;
}
