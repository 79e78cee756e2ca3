/** A row's metadata, a `key: value` pair a line, a long value wrapping anywhere rather than widening its column. */
export function MetadataPairs({ metadata }: { metadata: Record<string, string> }) {
  return Object.entries(metadata).map(([key, value]) => (
    <span key={key} className="block font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">
      {key}: {value}
    </span>
  ));
}
