/**
 * Where to go after signing in: only a path of this origin. Browsers read `/\evil.com` as
 * `//evil.com` (another host), strip tabs and newlines from URLs, and some servers decode
 * `%5C` before redirecting, so the check refuses backslashes, control characters and
 * protocol-relative forms in the value and in its percent-decoded forms, then confirms with
 * the URL parser that the path stays on a placeholder origin.
 */
export const DEFAULT_CALLBACK_PATH = "/";
const PLACEHOLDER = "http://callback.invalid";

function decodedForms(value: string): string[] {
  const forms = [value];
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(forms.at(-1)!);
      if (next === forms.at(-1)) break;
      forms.push(next);
    } catch {
      break;
    }
  }
  return forms;
}

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/** The same-origin path in `value` (path, query, fragment), or null when it might leave the site. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  for (const form of decodedForms(value)) {
    if (!form.startsWith("/") || form.startsWith("//") || UNSAFE.test(form)) return null;
  }
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER);
  } catch {
    return null;
  }
  return url.origin === PLACEHOLDER ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** A callbackUrl from the sign-in page's query: its same-origin path, else the console home. */
export function safeCallbackPath(value: unknown): string {
  return sameOriginPath(value) ?? DEFAULT_CALLBACK_PATH;
}

/**
 * next-auth's redirect callback: relative paths and absolute URLs of this origin (what
 * next-auth's own client sends) are kept, as paths checked like the above; anything else
 * becomes the home page.
 */
export function safeRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  let candidate: unknown = url;
  if (!url.startsWith("/")) {
    try {
      const absolute = new URL(url);
      candidate = absolute.origin === new URL(baseUrl).origin ? `${absolute.pathname}${absolute.search}${absolute.hash}` : null;
    } catch {
      candidate = null;
    }
  }
  return `${baseUrl.replace(/\/$/, "")}${safeCallbackPath(candidate)}`;
}
