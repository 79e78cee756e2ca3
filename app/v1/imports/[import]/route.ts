// GET /v1/imports/{import} – one import report with every version it wrote (extension)
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { importReportWire } from "@/lib/http/import-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getImportItems, getImportReport } from "@/lib/memory/import/import-rows.ts";

export const GET = apiRoute(OPERATIONS.retrieveImport, async ({ db, params, principal }) => {
  const report = await getImportReport(db.sql, params.import, principal.workspaceId);
  assertStoreAccess(principal, report.storeId);
  return importReportWire(report, await getImportItems(db.sql, report.id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
