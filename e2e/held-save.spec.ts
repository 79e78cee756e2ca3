import { expect, test } from "@playwright/test";
import { createMemory, createStore, editorReady, failOnConsoleErrorsExcept, replaceEditorText } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// Issue 42: a save the store's write policy holds for review says so where the person saved,
// naming what and on which line (from the save's own answer, `write_policy_findings`), and a
// save nothing holds still says "Saved". The default policy holds secrets.
const TOKEN = "ghp_" + "Zq8RkT2mWv4Xy6Bn1Pc3Ld5Fg7Hj9Ks0Ma2N";

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a held save says so beside Save, at ${size.width} px`, async ({ page, baseURL }) => {
    await page.setViewportSize(size);
    const store = await createStore(baseURL!, `held save ${size.width}`);
    const memory = await createMemory(baseURL!, store.id, "/notes/deploy.md", "# Deploy\n\nsteps below\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "# Deploy");

    await replaceEditorText(page, `# Deploy\n\ntoken ${TOKEN}\n`);
    await page.keyboard.press("ControlOrMeta+S");
    const status = page.getByTestId("save-status");
    await expect(status).toHaveText("Saved — held for review: a secret on line 3");
    await expect(status).toHaveAttribute("role", "status");
    await expect(status).toBeInViewport();
    await expect(status).not.toContainText(TOKEN.slice(4, 20));
    await page.screenshot({ path: `e2e/screenshots/held-save-${size.width}.png` });

    // It did land, and awaits review with that finding.
    const inbox = await apiCall<{ data: { path: string; findings: { rule: string; line: number }[] }[] }>(baseURL!, `/v1/reviews?store_id=${store.id}`);
    expect(inbox.body.data.map((i) => [i.path, i.findings.map((f) => `${f.rule}@${f.line}`)])).toEqual([["/notes/deploy.md", ["github@3"]]]);

    // The reviewer's fix is not held again: plain "Saved".
    await replaceEditorText(page, "# Deploy\n\ntoken <redacted>\nDATABASE_URL=postgresql://user:<redacted>@host/app 👨‍👩‍👧\n");
    await page.keyboard.press("ControlOrMeta+S");
    await expect(status).toHaveText("Saved");
    checkConsole();
  });
}
