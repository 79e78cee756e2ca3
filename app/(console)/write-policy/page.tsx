import { PolicyPage } from "@/components/policies/policy-page.tsx";

// /write-policy – the instance's default write policy, which every store without its own follows (admins edit).
export default function DefaultPolicyPage() {
  return <PolicyPage storeId={null} />;
}
