/**
 * Signs in to the console over HTTP the way the browser does (CSRF token, then the
 * credentials callback) and returns the session cookie, for API tests of cookie auth.
 */
function cookiesFrom(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

export async function signInForCookie(baseURL: string, email: string, password: string): Promise<{ cookie: string | null; error: string | null }> {
  const csrf = await fetch(`${baseURL}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesFrom(csrf);
  const response = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), origin: baseURL },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiesFrom(response).find((c) => c.startsWith("next-auth.session-token="));
  const location = response.headers.get("location") ?? ((await response.json().catch(() => ({}))) as { url?: string }).url ?? "";
  const error = new URL(location, baseURL).searchParams.get("error");
  return { cookie: session ?? null, error };
}
