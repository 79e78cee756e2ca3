import { LIMITS } from "@/lib/memory/limits.ts";

const encoder = new TextEncoder();

/** UTF-8 byte length, as the API counts `content_size_bytes` and its limits. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

export type SizeCounterProps = { bytes: number; limit?: number; label?: string };

/** "12,345 / 102,400 bytes", red past the limit. */
export function SizeCounter({ bytes, limit = LIMITS.memoryContentBytes, label = "bytes" }: SizeCounterProps) {
  const over = bytes > limit;
  return (
    <span data-testid="size-counter" className={`tabular-nums text-xs ${over ? "font-medium text-red-600" : "text-slate-500"}`}>
      {bytes.toLocaleString("en-US")} / {limit.toLocaleString("en-US")} {label}
      {over && ` — ${(bytes - limit).toLocaleString("en-US")} over the limit`}
    </span>
  );
}
