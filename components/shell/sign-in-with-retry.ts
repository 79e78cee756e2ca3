import { signIn } from "next-auth/react";

/**
 * next-auth's first calls on a fresh page can race on the CSRF cookie: signIn then answers ok
 * with `csrf=true` in the URL and no session. One retry with the now-settled cookie fixes it.
 */
export async function signInWithRetry(email: string, password: string) {
  for (let attempt = 0; ; attempt++) {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (attempt === 0 && result?.ok && result.url?.includes("csrf=true")) continue;
    return result;
  }
}
