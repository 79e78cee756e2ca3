/**
 * A memory-tool command that failed the way the SDK's `BetaLocalFilesystemMemoryTool` fails: the
 * message becomes the tool result `Error: <message>` with `is_error: true` (what the SDK's tool
 * runner sends the model for a thrown error). It is an answer, not an HTTP error.
 */
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolFailure";
  }
}

export function fail(message: string): never {
  throw new ToolFailure(message);
}
