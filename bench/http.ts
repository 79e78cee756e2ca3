import { Agent, request } from "node:http";

/** One keep-alive HTTP client per server, so every request of the benchmark pays the same client cost. */
export interface Answer {
  status: number;
  text: string;
  ms: number;
}

export class Client {
  private readonly agent: Agent;
  constructor(
    readonly baseURL: string,
    private readonly headers: Record<string, string>,
    maxSockets = 1,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /** `body` is sent as JSON, or as it is when it is bytes (an uploaded archive). */
  send(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const raw = body instanceof Uint8Array;
    const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        `${this.baseURL}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            ...this.headers,
            ...headers,
            ...(payload !== undefined && {
              "content-type": raw ? "application/octet-stream" : "application/json",
              "content-length": Buffer.byteLength(payload),
            }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  async json<T>(method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const answer = await this.send(method, path, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${this.baseURL}${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as T;
  }

  close() {
    this.agent.destroy();
  }
}

/** p-th percentile by nearest rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000;
