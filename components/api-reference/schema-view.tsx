import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import type { JsonSchema } from "@/lib/queries/use-openapi.ts";

export type SchemaViewProps = { schema: JsonSchema; components: Record<string, JsonSchema> };

const COMPONENT = "#/components/schemas/";

/** A short type name for a schema: `string`, `string | null`, `MemoryStore[]`, `"memory_store"`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.replace(COMPONENT, "");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(" | ");
  if (schema.type === "array" && schema.items) return `${typeLabel(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return `{ [key]: ${typeLabel(schema.additionalProperties)} }`;
  }
  if (schema.type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  return schema.type ?? "any";
}

export function ExtensionBadge() {
  return (
    <Badge tone="amber" title="Not part of the hosted Memory Stores API">
      extension
    </Badge>
  );
}

/** Component schemas the type refers to, so a reader can open them in place. */
function referenced(schema: JsonSchema): string[] {
  if (schema.$ref) return [schema.$ref.replace(COMPONENT, "")];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])].flatMap(referenced);
}

/** The fields of an object schema as a list; referenced components open on demand (<details>, no script). */
export function SchemaView({ schema, components }: SchemaViewProps): ReactNode {
  const refs = referenced(schema);
  if (refs.length > 0 || !schema.properties) {
    const union = schema.anyOf ?? schema.oneOf;
    const objects = (union ?? []).filter((s) => s.properties);
    return (
      <div className="space-y-2">
        <code className="text-xs text-slate-700">{typeLabel(schema)}</code>
        {objects.map((s, i) => (
          <SchemaView key={i} schema={s} components={components} />
        ))}
        {refs.map((name) => (
          <details key={name} className="rounded border border-slate-200 bg-slate-50 px-3 py-2">
            <summary className="cursor-pointer text-xs font-medium text-slate-700">
              {name} {components[name]?.["x-memory-console-extension"] && <ExtensionBadge />}
            </summary>
            {components[name] && (
              <div className="mt-2">
                {components[name].description && <p className="mb-2 text-xs text-slate-600">{components[name].description}</p>}
                <SchemaView schema={components[name]} components={components} />
              </div>
            )}
          </details>
        ))}
      </div>
    );
  }
  const required = new Set(schema.required ?? []);
  return (
    <ul className="divide-y divide-slate-100 rounded border border-slate-200">
      {Object.entries(schema.properties).map(([name, field]) => (
        <li key={name} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-1.5 text-xs">
          <code className="font-semibold text-slate-900">{name}</code>
          <code className="text-indigo-700">{typeLabel(field)}</code>
          {!required.has(name) && <span className="text-slate-500">optional</span>}
          {field["x-memory-console-extension"] && <ExtensionBadge />}
          {field.description && <span className="basis-full text-slate-600">{field.description}</span>}
        </li>
      ))}
    </ul>
  );
}
