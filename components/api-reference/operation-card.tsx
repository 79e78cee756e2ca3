import { Badge } from "@/components/ui/badge.tsx";
import { Card } from "@/components/ui/card.tsx";
import type { JsonSchema, OpenApiOperation } from "@/lib/queries/use-openapi.ts";
import { ExtensionBadge, SchemaView, typeLabel } from "./schema-view.tsx";

export type OperationCardProps = { method: string; path: string; operation: OpenApiOperation; components: Record<string, JsonSchema> };

const METHOD_TONES = { get: "green", post: "indigo", delete: "red" } as const;

export function OperationCard({ method, path, operation, components }: OperationCardProps) {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content["application/json"]?.schema;
  const ok = operation.responses["200"]?.content?.["application/json"]?.schema;
  return (
    <Card className="p-4">
      <section id={operation.operationId} aria-label={`${method.toUpperCase()} ${path}`} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={METHOD_TONES[method as keyof typeof METHOD_TONES] ?? "gray"}>{method.toUpperCase()}</Badge>
          <code className="min-w-0 break-all text-sm font-semibold text-slate-900">{path}</code>
          {operation["x-memory-console-extension"] && <ExtensionBadge />}
          {operation["x-memory-console-permission"] && <span className="text-xs text-slate-500">needs {operation["x-memory-console-permission"]}</span>}
          {operation.security?.length === 0 && <span className="text-xs text-slate-500">no credentials needed</span>}
        </div>
        <p className="text-sm text-slate-700">{operation.summary}</p>
        {parameters.length > 0 && (
          <div>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Parameters</h3>
            <ul className="divide-y divide-slate-100 rounded border border-slate-200">
              {parameters.map((p) => (
                <li key={`${p.in}:${p.name}`} className="flex flex-wrap items-baseline gap-x-3 px-3 py-1.5 text-xs">
                  <code className="font-semibold text-slate-900">{p.name}</code>
                  <span className="text-slate-500">{p.in}</span>
                  <code className="text-indigo-700">{typeLabel(p.schema)}</code>
                  {!p.required && <span className="text-slate-500">optional</span>}
                  {p.description && <span className="basis-full text-slate-600">{p.description}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        {body && (
          <div>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Request body</h3>
            {operation.requestBody?.description && <p className="mb-1 text-xs text-slate-600">{operation.requestBody.description}</p>}
            <SchemaView schema={body} components={components} />
          </div>
        )}
        {ok && (
          <div>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">200 response</h3>
            <SchemaView schema={ok} components={components} />
          </div>
        )}
      </section>
    </Card>
  );
}
