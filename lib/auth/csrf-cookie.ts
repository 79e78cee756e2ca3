/**
 * next-auth's CSRF token from its cookie, for a form that posts to next-auth before the page has
 * hydrated (Sign out; sign-in). The cookie holds `token|hash`, named with `__Host-` when
 * next-auth's cookies are secure. Without it next-auth refuses the post and sends the browser
 * back to the sign-in page, where the hydrated form fetches a token itself.
 */
export function csrfTokenFrom(cookies: { get(name: string): { value: string } | undefined }): string | null {
  const cookie = cookies.get("__Host-next-auth.csrf-token") ?? cookies.get("next-auth.csrf-token");
  return cookie?.value.split("|")[0] || null;
}
