import { letOthersRun } from "../memory/let-others-run.ts";

/** Array elements serialized per turn: a 10,000-item dry run or report took ~60 ms in one JSON.stringify, and ~40 ms more to encode. */
export const ELEMENTS_PER_TURN = 1_000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isLong = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > ELEMENTS_PER_TURN;

/** Whether `value` holds a long array at the top or as a property of the top object (a dry run's or report's `items`, a page's `data`). */
export const holdsLongArray = (value: unknown) => isLong(value) || (isPlainObject(value) && Object.values(value).some(isLong));

/**
 * JSON.stringify(value)'s text in parts, with a turn for other requests before each
 * ELEMENTS_PER_TURN elements of a long array (holdsLongArray); anything else is one part.
 */
export async function* jsonInTurns(value: unknown): AsyncGenerator<string> {
  if (isLong(value)) return yield* arrayInTurns(value);
  if (!isPlainObject(value) || !holdsLongArray(value)) return yield JSON.stringify(value);
  let separator = "{";
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ",";
    if (isLong(member)) yield* arrayInTurns(member);
    else yield JSON.stringify(member);
  }
  yield separator === "{" ? "{}" : "}";
}

async function* arrayInTurns(values: readonly unknown[]): AsyncGenerator<string> {
  for (let i = 0; i < values.length; i += ELEMENTS_PER_TURN) {
    if (i > 0) await letOthersRun();
    yield `${i === 0 ? "[" : ","}${JSON.stringify(values.slice(i, i + ELEMENTS_PER_TURN)).slice(1, -1)}`;
  }
  yield values.length === 0 ? "[]" : "]";
}

/** jsonInTurns as a byte stream, each part encoded in its own turn: the body of a long answer. */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const parts = jsonInTurns(value);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const part = await parts.next();
      if (part.done) controller.close();
      else controller.enqueue(encoder.encode(part.value));
    },
  });
}
