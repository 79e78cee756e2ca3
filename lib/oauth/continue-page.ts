/**
 * How the consent form's answer takes the browser back to the client. The console's CSP has
 * `form-action 'self'`, which (in Chromium) also stops a form submission's redirect to another
 * origin, so the POST answers with this small page instead: a meta refresh to the client's
 * registered redirect URI (navigation is not a form action) and a link for browsers that do
 * not follow it. The URL is HTML-escaped; it came from the client's registration.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function continuePage(location: string): Response {
  const url = escapeHtml(location);
  const origin = escapeHtml(new URL(location).origin);
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${url}"><title>Returning to the client</title></head><body><p>Returning to the MCP client at ${origin}… <a href="${url}">Continue</a></p></body></html>`;
  return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
