// GET /favicon.ico – browsers ask for it on some navigations whatever the page's <link rel="icon">: the console's icon, not a 404.
// A relative Location: the request's own host, whatever name the browser used for this server.
export const GET = () => new Response(null, { status: 308, headers: { location: "/icon.svg" } });
