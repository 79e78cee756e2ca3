import { lookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { ClaimedDelivery, DeliveryOutcome } from "../memory/webhooks/claim-deliveries.ts";
import { signWebhook } from "../memory/webhooks/secret.ts";
import { addressRefusal, defaultPort, hostOf } from "./url-safety.ts";

/** A DNS lookup that refuses a name resolving to any address addressRefusal refuses: the connection uses the checked answer. */
function checkedLookup(port: number): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      for (const a of addresses) {
        const why = addressRefusal(a.address, port);
        if (why) return callback(Object.assign(new Error(`refused: ${why}`), { code: "EREFUSED_WEBHOOK" }), "", 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * One delivery attempt: POST the event's JSON with the Standard Webhooks headers. 2xx is
 * delivered; anything else (a redirect too: they are never followed), a timeout or a refused
 * address is a failure to retry. The response body is read and dropped, never stored.
 */
export function sendWebhook(delivery: ClaimedDelivery, timeoutMs: number): Promise<DeliveryOutcome> {
  const url = new URL(delivery.url);
  const port = defaultPort(url);
  const host = hostOf(url);
  if (isIP(host)) {
    const why = addressRefusal(host, port);
    if (why) return Promise.resolve({ ok: false, statusCode: null, error: `refused: ${why}` });
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const body = Buffer.from(delivery.payload, "utf8");
  const headers = {
    "content-type": "application/json",
    "content-length": String(body.length),
    "user-agent": "memory-console-webhooks/1",
    "webhook-id": delivery.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(delivery.secret, delivery.eventId, timestamp, delivery.payload),
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(url, { method: "POST", headers, agent: false, lookup: checkedLookup(port) }, (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on("end", () =>
        finish({ ok: status >= 200 && status < 300, statusCode: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }),
      );
      response.on("error", () => finish({ ok: false, statusCode: status, error: "response interrupted" }));
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish({ ok: false, statusCode: null, error: error.message.startsWith("refused:") ? error.message : `connection failed (${error.code ?? "error"})` });
    });
    request.end(body);
  });
}
