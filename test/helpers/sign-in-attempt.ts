/**
 * One sign-in through next-auth's credentials callback, as the browser does it, with extra
 * headers (X-Forwarded-For…) and a callbackUrl: what the server answered, and the session
 * cookie if it set one.
 */
export interface Attempt {
  status: number;
  cookie: string | null;
  /** next-auth's error (the authorize() message), or null on success. */
  error: string | null;
  /** Where next-auth sends the browser next. */
  url: string;
  /** The body when the route refused the request itself (an error envelope). */
  body: { type?: string; error?: { type: string; message: string } } | null;
}

const cookiesFrom = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

export async function signInAttempt(baseURL: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Attempt> {
  const csrf = await fetch(`${baseURL}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesFrom(csrf).join("; "), origin: baseURL, ...headers },
    body: new URLSearchParams({ csrfToken, json: "true", ...fields }),
  });
  const cookie = cookiesFrom(response).find((c) => c.startsWith("next-auth.session-token=")) ?? null;
  const body = (await response.json().catch(() => null)) as (Attempt["body"] & { url?: string }) | null;
  const url = body?.url ?? response.headers.get("location") ?? "";
  const error = url ? new URL(url, baseURL).searchParams.get("error") : null;
  return { status: response.status, cookie, error, url, body: body?.url ? null : body };
}

export const wrongPassword = (baseURL: string, email: string, headers?: Record<string, string>) =>
  signInAttempt(baseURL, { email, password: "not the password" }, headers);
