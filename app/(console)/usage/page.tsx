import type { Metadata } from "next";
import { RequirePermission } from "@/components/admin/admin-only.tsx";
import { UsagePage } from "@/components/usage/usage-page.tsx";

export const metadata: Metadata = { title: "Usage · Memory Console" };

// /usage – the workspace's usage over time: totals, growth, writes by channel, stores near the limit (reviewers and admins)
export default function Usage() {
  return (
    <RequirePermission permission="write">
      <UsagePage />
    </RequirePermission>
  );
}
