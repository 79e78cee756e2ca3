// Preloaded into a test server (NODE_OPTIONS=--import <this file>) so that host names resolve to
// addresses no resolver on this offline machine would give: FAKE_DNS is JSON, name -> addresses
// (`{"nat64.test": ["64:ff9b::7f00:1"]}`). Both of node's lookup entry points answer from it;
// every other name goes to the system resolver as before, or with FAKE_DNS_ONLY=1 (a fuzz that
// makes up names) fails at once, so no made-up name leaves the machine. localhost always resolves
// (and an IP address to itself) as the system says. Only node:dns's lookup is replaced,
// so the server's own code (the webhook URL checks and the connection's lookup) runs unchanged.
import dns from "node:dns";
import { isIP } from "node:net";
import { syncBuiltinESMExports } from "node:module";

const table = Object.fromEntries(Object.entries(JSON.parse(process.env.FAKE_DNS ?? "{}")).map(([name, addresses]) => [name.toLowerCase(), addresses]));
const only = process.env.FAKE_DNS_ONLY === "1";
const answer = (name) => {
  const key = String(name).toLowerCase();
  if (only && !Object.hasOwn(table, key) && key !== "localhost" && isIP(key) === 0) return [];
  return table[key]?.map((address) => ({ address, family: isIP(address) }));
};

const realLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
  const done = typeof options === "function" ? options : callback;
  const opts = typeof options === "object" && options !== null ? options : { family: typeof options === "number" ? options : 0 };
  const found = answer(hostname);
  if (!found) return realLookup.call(dns, hostname, options, callback);
  const wanted = opts.family === 4 || opts.family === 6 ? found.filter((a) => a.family === opts.family) : found;
  process.nextTick(() => {
    if (wanted.length === 0) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    if (opts.all) done(null, wanted);
    else done(null, wanted[0].address, wanted[0].family);
  });
};

const realPromiseLookup = dns.promises.lookup;
dns.promises.lookup = async function lookup(hostname, options = {}) {
  const found = answer(hostname);
  if (!found) return realPromiseLookup.call(dns.promises, hostname, options);
  const opts = typeof options === "number" ? { family: options } : options;
  const wanted = opts.family === 4 || opts.family === 6 ? found.filter((a) => a.family === opts.family) : found;
  if (wanted.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return opts.all ? wanted : wanted[0];
};

syncBuiltinESMExports();
