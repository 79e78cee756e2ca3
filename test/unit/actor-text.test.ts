import { describe, expect, it } from "vitest";
import { newerVersionOf } from "@/components/review/changed-by.tsx";
import { splitActors } from "@/components/versions/actor-text.tsx";

// Report reasons name actors as `<type> <id>` (lib/memory/review-batches/find-batch-undo.ts,
// lib/memory/time-travel/revert-operation.ts); the console shows each as it names actors
// everywhere else. A refused review action names the newer version, whose writer it shows.
describe("actors in report texts", () => {
  it("finds every actor a batch-undo or revert conflict names, and keeps the rest as text", () => {
    expect(splitActors("conflict: changed after the batch by session_actor sess_01ab-c (version memver_01X)")).toEqual([
      { text: "conflict: changed after the batch by " },
      { actor: { type: "session_actor", session_id: "sess_01ab-c" } },
      { text: " (version memver_01X)" },
    ]);
    expect(splitActors("conflict: changed afterwards by api_actor apikey_9, then user_actor user_2")).toEqual([
      { text: "conflict: changed afterwards by " },
      { actor: { type: "api_actor", api_key_id: "apikey_9" } },
      { text: ", then " },
      { actor: { type: "user_actor", user_id: "user_2" } },
    ]);
    expect(splitActors("conflict: changed afterwards by this principal, outside the window")).toEqual([
      { text: "conflict: changed afterwards by this principal, outside the window" },
    ]);
    expect(splitActors("by service_account_actor svc_1")).toEqual([{ text: "by " }, { actor: { type: "service_account_actor", service_account_id: "svc_1" } }]);
  });

  it("reads the newer version out of a refused review action's message", () => {
    const message =
      "Memory mem_1 (/a.md) changed after you looked: version memver_01NEW is newer than memver_01OLD. Nothing was approved; review the newer change.";
    expect(newerVersionOf(message)).toBe("memver_01NEW");
    expect(newerVersionOf("That path is taken")).toBeNull();
  });
});
