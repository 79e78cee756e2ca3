// The guard's poller in a process of its own (bench/time-travel.ts): GET <url> one request at a
// time, with the headers given as JSON, until stdin closes; then the latencies in ms, as JSON, on
// stdout. In the benchmark's own process its timings would include that process's pauses (parsing
// a 5 MB dry run took ~50 ms), which say nothing about the server.
import { Agent, request } from "node:http";

const [url, headersJson] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let stopping = false;
process.stdin.on("end", () => (stopping = true));
process.stdin.resume();

const once = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`guard poll answered ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });

const samples = [];
process.stdout.write("ready\n");
while (!stopping) samples.push(await once());
agent.destroy();
process.stdout.write(JSON.stringify(samples) + "\n");
