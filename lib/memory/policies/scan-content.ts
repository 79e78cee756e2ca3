import { detectInstructions } from "./detect-instructions.ts";
import { detectPii } from "./detect-pii.ts";
import { detectSecrets } from "./detect-secrets.ts";
import type { Finding } from "./findings.ts";
import type { DetectorClass, WritePolicy } from "./write-policy.ts";

const DETECTORS: Record<DetectorClass, (content: string) => Finding[] | Promise<Finding[]>> = {
  secrets: detectSecrets,
  pii: detectPii,
  instructions: detectInstructions,
};

/** What the policy's detectors make of some content: the findings that refuse it, and those that hold it for review. */
export interface ContentVerdict {
  refused: Finding[];
  held: Finding[];
}

export async function scanContent(policy: WritePolicy, content: string): Promise<ContentVerdict> {
  const verdict: ContentVerdict = { refused: [], held: [] };
  for (const name of Object.keys(DETECTORS) as DetectorClass[]) {
    const action = policy.detectors[name];
    if (action === "allow") continue;
    const findings = await DETECTORS[name](content);
    (action === "refuse" ? verdict.refused : verdict.held).push(...findings);
  }
  return verdict;
}
