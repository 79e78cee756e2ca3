import type { UsageDay } from "@/lib/api-client/wire-types.ts";

export type Channel = keyof UsageDay["writes_by_channel"];

/**
 * The write channels as the charts draw them, in stacking order: a label and a colour each
 * (Tailwind's 600 shades, distinct in hue and legible on white; the two the counters cannot
 * tell apart in slate). docs/visual-language.md, "Charts".
 */
export const CHANNELS: readonly { key: Channel; label: string; color: string }[] = [
  { key: "api", label: "API", color: "#4f46e5" },
  { key: "memory_tool", label: "Memory tool", color: "#0d9488" },
  { key: "mcp", label: "MCP", color: "#9333ea" },
  { key: "console", label: "Console", color: "#0284c7" },
  { key: "import", label: "Import", color: "#ea580c" },
  { key: "system", label: "System", color: "#475569" },
  { key: "unknown", label: "Before counters (a key's)", color: "#94a3b8" },
];
