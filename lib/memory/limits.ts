/** Limits from the Memory Stores spec; every check of them reads these constants. */
export const LIMITS = {
  storeNameChars: 255,
  storeDescriptionChars: 1024,
  metadataPairs: 16,
  metadataKeyChars: 64,
  metadataValueChars: 512,
  memoryContentBytes: 102_400,
  memoryPathBytes: 1024,
  memoryPathSegments: 20,
  memoriesPerStore: 10_000,
  pageDefault: 20,
  pageMax: 100,
  pageMaxFullView: 20,
  /** A reviewer's reason for a decision (this project's own). */
  reviewReasonChars: 1000,
} as const;
