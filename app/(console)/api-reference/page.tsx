"use client";

import { OperationCard } from "@/components/api-reference/operation-card.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { QueryState } from "@/components/ui/states.tsx";
import { useOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from "@/lib/queries/use-openapi.ts";

type Entry = { method: string; path: string; operation: OpenApiOperation };

/** Operations grouped by tag, in the document's order. */
function byTag(document: OpenApiDocument): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups];
}

export default function ApiReferencePage() {
  const document = useOpenApiDocument();
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every endpoint of this server, from its OpenAPI 3.1 document (
            <a className="text-indigo-700 underline" href="/v1/openapi.json">
              /v1/openapi.json
            </a>
            , for your own tools). Endpoints marked <em>extension</em> are this server&apos;s own; the rest is Anthropic&apos;s Memory Stores API.
          </>
        }
      />
      <QueryState isLoading={document.isLoading} error={document.error}>
        {document.data && (
          <div className="grid gap-8 grid-cols-[minmax(0,1fr)] lg:grid-cols-[14rem_minmax(0,1fr)]">
            <nav aria-label="Endpoints" className="hidden lg:block">
              <Card className="sticky top-4 max-h-[80vh] overflow-y-auto p-3 text-xs">
                {byTag(document.data).map(([tag, entries]) => (
                  <div key={tag} className="mb-3">
                    <div className="mb-1 font-semibold text-slate-500">{tag}</div>
                    {entries.map(({ method, path, operation }) => (
                      <a
                        key={operation.operationId}
                        href={`#${operation.operationId}`}
                        className="block truncate py-0.5 text-slate-700 hover:text-indigo-700"
                        title={path}
                      >
                        <span className="inline-block w-12 font-mono uppercase text-slate-500">{method}</span>
                        {operation.summary}
                      </a>
                    ))}
                  </div>
                ))}
              </Card>
            </nav>
            <div className="space-y-8">
              {byTag(document.data).map(([tag, entries]) => (
                <section key={tag} aria-label={tag} className="space-y-3">
                  <h2 className="text-base font-semibold text-slate-900">{tag}</h2>
                  {entries.map(({ method, path, operation }) => (
                    <OperationCard
                      key={operation.operationId}
                      method={method}
                      path={path}
                      operation={operation}
                      components={document.data.components.schemas}
                    />
                  ))}
                </section>
              ))}
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
