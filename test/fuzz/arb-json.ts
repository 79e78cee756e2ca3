// Request bodies: the endpoint's own fields with right, wrong and absurd values, extra keys,
// other JSON shapes in place of the object, and raw text that is not quite JSON.
import fc from "fast-check";
import { memoryPath } from "./arb-paths.ts";

/** Numbers at the edges: huge, tiny, negative zero, past 2^53, fractions. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1.5, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 31, 2 ** 32, 100, 101, 20, 21),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31 - 1, -(2 ** 31)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Strings that look like numbers, booleans or nothing. */
export const numberishString: fc.Arbitrary<string> = fc.constantFrom(
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e400",
  "-0",
  "0",
  "-1",
  "9007199254740993",
  "0x10",
  "1_000",
  " 5",
  "5 ",
  "+5",
  "5.0",
  "٥",
  "５",
  "",
  "null",
  "true",
  "undefined",
  "[]",
  "{}",
);

const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  numberishString,
  memoryPath,
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "\u2028", "__proto__", "constructor", "full", "basic", "content_sha256", "/memories/a"),
  fc.integer({ min: 256, max: 1_200 }).map((n) => "é".repeat(n)),
);

/** Any JSON value, weighted towards the shapes validators trip on. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.constantFrom(null, true, false), weight: 2 },
    { arbitrary: edgeNumber, weight: 2 },
    { arbitrary: oddString, weight: 3 },
    { arbitrary: fc.array(tie("value"), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(oddString, tie("value"), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

/**
 * An object with each of `fields` left out, set from its plausible values, or set to junk; now
 * and then an extra key (an unknown one, a prototype name, or a field of another endpoint).
 */
export function bodyObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields).map(([name, plausible]) =>
    fc
      .oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: plausible, weight: 4 }, { arbitrary: junkValue, weight: 2 })
      .map((v) => [name, v] as const),
  );
  const extra = fc.option(
    fc.tuple(fc.constantFrom("__proto__", "constructor", "extra", "", "type", "id", "path", "content", "command", "name", "view", "NAME"), junkValue),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const body: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== undefined) Object.defineProperty(body, name, { value, enumerable: true, writable: true });
    // defineProperty, so that "__proto__" becomes an own key, as JSON.parse makes it on the server.
    if (more) Object.defineProperty(body, more[0], { value: more[1], enumerable: true, writable: true });
    return body;
  });
}

/** Rewrites of valid JSON text that a lenient parser might accept and a strict one must refuse cleanly. */
const TEXT_MUTATIONS: ((text: string) => string)[] = [
  (t) => t.slice(0, Math.max(0, t.length - 1)),
  (t) => "\ufeff" + t,
  (t) => t + ",",
  (t) => t.replace(/}$/, ",}"),
  (t) => t.replace(/^{/, '{"name":"dup","path":"/dup",'),
  (t) => t.replace(/^{/, '{"limit":1e400,'),
  (t) => t.replace(/^{/, '{"insert_line":-0,'),
  (t) => t.replace(/^{/, '{"insert_line":9007199254740993,"view_range":[1e308,-1e-400],'),
  (t) => t.replace(/:(\s*)"/, ":$1'"),
  (t) => t.replace(/^{/, "{// comment\n"),
  (t) => t + t,
  (t) => t.replace(/"/g, '\\"'),
  () => "",
  () => "   ",
  () => "null",
  () => "[]",
  () => "[{}]",
  () => '"a string"',
  () => "12",
  () => "1e400",
  () => "NaN",
  () => "{",
  () => '{"a":'.repeat(2_000) + "1" + "}".repeat(2_000),
  () => "[".repeat(5_000),
  () => '{"\\ud800":"\\udfff"}',
];

/** The body as text: mostly the object's JSON, sometimes another JSON value or a broken rewrite of it. */
export function bodyText(object: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: object.map((o) => JSON.stringify(o)), weight: 8 },
    { arbitrary: junkValue.map((v) => JSON.stringify(v) ?? "null"), weight: 1 },
    {
      arbitrary: fc.tuple(object, fc.nat(TEXT_MUTATIONS.length - 1)).map(([o, i]) => TEXT_MUTATIONS[i]!(JSON.stringify(o))),
      weight: 2,
    },
  );
}
