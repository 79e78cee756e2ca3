// Memory paths a hostile or careless client could send, and the spec's rule written out
// independently of lib/memory/paths.ts, as the oracle the server is held to.
import fc from "fast-check";

/** Characters that each break one path rule, or look like they might. */
const ODD_CHARS = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085", // controls (Cc), NUL
  "\u00ad",
  "\u200b",
  "\u200d",
  "\u200e",
  "\u202e",
  "\u2066",
  "\ufeff",
  "\u061c", // format (Cf)
  "\u2028",
  "\u2029", // line and paragraph separators
  "\u0301",
  "\u0308",
  "\u20dd", // combining marks: NFC-sensitive after a letter
  "e\u0301",
  "\u00e9",
  "\u212b",
  "\u1100\u1161",
  "\uac00",
  "\ufb01", // NFD / NFC / compatibility forms
  "\ud800",
  "\udfff", // lone surrogates
  "\u00a0",
  " ",
  "\t",
  "\n",
  "\r",
  "\\",
  "%",
  "?",
  "#",
  "&",
  "=",
  "+",
  ";",
  ":",
  "*",
  "~",
  "'",
  '"',
  "<",
  ">",
  "|",
  "😀",
  "👨\u200d👩\u200d👧",
  "\u{10ffff}",
  "\u{e0001}",
];

/** Segments that are dots, or stand for dots once decoded: `%2e` in any case, twice encoded, overlong UTF-8. */
const DOTTY_SEGMENTS = [
  ".",
  "..",
  "...",
  ".x",
  "x.",
  ". .",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2E%2e",
  "%2e%2E",
  "%2E%2E",
  ".%2e",
  "%2e.",
  ".%2E",
  "%2E.",
  "%252e%252e",
  "%252E%252e",
  "%c0%ae%c0%ae",
  "%C0%AE%C0%AE",
  "%u002e%u002e",
  "..%2f",
  "..%2F",
  "..%5c",
  "..%5C",
  "%2e%2e%2f",
  "%2e%2e%5c",
  "%00",
  "a%00b",
  "%2f",
  "%5c",
  "..\\",
  "\\..",
  "\\",
  "a\\b",
  "..;",
  ".\u200b.",
  "\uff0e\uff0e",
  "\u2024\u2024",
];

const plainSegment = fc.stringMatching(/^[a-z0-9_-]{1,12}(\.md)?$/);

const unicodeSegment = fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }), fc.string({ unit: "binary", minLength: 1, maxLength: 6 }));

/** A segment with odd characters spliced into an ordinary one. */
const oddSegment = fc
  .tuple(plainSegment, fc.array(fc.constantFrom(...ODD_CHARS), { minLength: 1, maxLength: 3 }), fc.nat(12))
  .map(([base, odd, at]) => base.slice(0, at) + odd.join("") + base.slice(at));

const longSegment = fc.oneof(
  fc.integer({ min: 200, max: 1_100 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 80, max: 400 }).map((n) => "é".repeat(n)),
  fc.integer({ min: 60, max: 300 }).map((n) => "😀".repeat(n)),
);

export const segment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: plainSegment, weight: 8 },
  { arbitrary: unicodeSegment, weight: 2 },
  { arbitrary: oddSegment, weight: 3 },
  { arbitrary: fc.constantFrom(...DOTTY_SEGMENTS), weight: 3 },
  { arbitrary: fc.constant(""), weight: 1 },
  { arbitrary: longSegment, weight: 1 },
);

const segmentCount = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 6 },
  { arbitrary: fc.constantFrom(0, 19, 20, 21), weight: 2 },
  { arbitrary: fc.integer({ min: 5, max: 40 }), weight: 1 },
);

/** A memory path: mostly `/`-rooted, sometimes without the root, with a trailing `/`, doubled slashes or backslashes. */
export const memoryPath: fc.Arbitrary<string> = fc
  .tuple(
    segmentCount.chain((n) => fc.array(segment, { minLength: n, maxLength: n })),
    fc.constantFrom("/", "/", "/", "/", "", "//", "\\", "./", "%2f"),
    fc.constantFrom("", "", "", "", "/", "//", "\\"),
  )
  .map(([segments, root, tail]) => root + segments.join("/") + tail);

/** A path that the spec accepts, for the properties that need the server to say yes. */
export const validMemoryPath: fc.Arbitrary<string> = fc
  .array(fc.oneof({ arbitrary: plainSegment, weight: 5 }, { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }), weight: 1 }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((segments) => "/" + segments.join("/"))
  .filter(isValidMemoryPath);

const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The spec's path rule (docs/design.md, "Memory path"), written out on its own. */
export function isValidMemoryPath(path: string): boolean {
  if (!path.startsWith("/") || Buffer.byteLength(path, "utf8") > 1024) return false;
  if (!path.isWellFormed() || FORBIDDEN.test(path) || path.normalize("NFC") !== path) return false;
  const segments = path.slice(1).split("/");
  return segments.length <= 20 && segments.every((s) => s !== "" && s !== "." && s !== "..");
}

/** Repeated percent-decoding of the ASCII escapes (`%2e`, `%252e`, `%5C`, `%00`), any case. */
function percentDecoded(path: string): string {
  let current = path;
  for (let round = 0; round < 4; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * A memory-tool path that must be refused: not under `/memories/`, a memory path the store
 * refuses, or a traversal once decoded (a `.`/`..` segment, a backslash or NUL).
 */
export function isHostileToolPath(path: string): boolean {
  if (!path.startsWith("/memories/")) return path !== "/memories";
  const rest = path.slice("/memories".length);
  const memoryPath = rest.length > 1 && rest.endsWith("/") ? rest.slice(0, -1) : rest;
  if (memoryPath !== "/" && !isValidMemoryPath(memoryPath)) return true;
  const decoded = percentDecoded(path);
  return decoded.includes("\\") || decoded.includes("\u0000") || decoded.split("/").some((s) => s === "." || s === "..");
}

/** Paths at the edges of the rule: 20 or 21 segments, 1,024 or 1,025 bytes, one odd character in a valid path. */
export const boundaryPath: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(19, 20, 21)
    .chain((n) => fc.array(plainSegment, { minLength: n, maxLength: n }))
    .map((s) => "/" + s.join("/")),
  fc.constantFrom(1_023, 1_024).map((n) => "/" + "x".repeat(n)),
  fc.constantFrom(511, 512).map((n) => "/" + "é".repeat(n) + "x"),
  fc.constantFrom(255, 256).map((n) => "/a/" + "😀".repeat(n) + "/b"),
  fc.tuple(validMemoryPath, fc.constantFrom(...ODD_CHARS), fc.nat()).map(([path, odd, at]) => {
    const i = 1 + (at % path.length);
    return path.slice(0, i) + odd + path.slice(i);
  }),
);

/** Tool paths: under `/memories` mostly, and everything the reference would refuse. */
export const toolPath: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: memoryPath.map((p) => "/memories" + (p.startsWith("/") ? p : "/" + p)), weight: 6 },
  { arbitrary: memoryPath, weight: 1 },
  { arbitrary: memoryPath.map((p) => "/memories" + p), weight: 1 },
  { arbitrary: boundaryPath.map((p) => "/memories" + p), weight: 2 },
  {
    arbitrary: fc.constantFrom("/memories", "/memories/", "memories/a", "/Memories/a", "/memoriesX/a", "/memories-old/a", "\\memories\\a", "/memories\\a", ""),
    weight: 1,
  },
);
