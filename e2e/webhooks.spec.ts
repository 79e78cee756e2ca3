import { expect, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { apiCall, failOnConsoleErrors, headerLink } from "./helpers.ts";

// The webhooks page (issue 14): an admin registers an endpoint, sees its secret once, sees the
// delivery of an event in the log with its status code, and resends it.
let receiver: Server;
let receiverUrl = "";
const received: { id: string; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ id: String(req.headers["webhook-id"]), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});
test.afterAll(() => new Promise<void>((ok) => receiver.close(() => ok())));

test("register an endpoint, see a delivery in the log, resend it", async ({ page, baseURL }) => {
  const noConsoleErrors = failOnConsoleErrors(page);
  const store = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: "Webhook demo" } });

  await page.goto("/webhooks");
  await expect(await headerLink(page, "Settings", "Webhooks")).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Register endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL", { exact: true }).fill(receiverUrl);
  await dialog.getByLabel("Store", { exact: true }).selectOption({ label: "Webhook demo" });
  await dialog.getByRole("button", { name: "Register endpoint" }).click();
  const secret = page.getByTestId("new-webhook-secret");
  await expect(secret).toHaveText(/^whsec_/);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("cell", { name: receiverUrl })).toBeVisible();

  // An agent's write: the event is delivered in the background and the log shows it.
  await apiCall(baseURL!, `/v1/memory_stores/${store.body.id}/memories`, { method: "POST", body: { path: "/hello.md", content: "hi" } });
  const row = page.locator("[data-testid^=delivery-row-]").first();
  await expect(row).toContainText("memory.created");
  await expect(row).toContainText("delivered");
  await expect(row).toContainText("204");
  expect(received).toHaveLength(1);
  await page.screenshot({ path: "e2e/screenshots/webhooks.png", fullPage: true });

  // The log lists every endpoint's deliveries (other specs register endpoints too): count this event's.
  const eventId = (await row.getByTitle("webhook-id").textContent())!.trim();
  await row.getByRole("button", { name: "Resend" }).click();
  const ours = page.locator("[data-testid^=delivery-row-]", { hasText: eventId });
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText("delivered");
  await expect.poll(() => received.length).toBe(2);
  expect(received[1]!.id).toBe(received[0]!.id);
  noConsoleErrors();
});
