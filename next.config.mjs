/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API answers with its own error envelope; Next's x-powered-by header says nothing useful.
  poweredByHeader: false,
  reactStrictMode: true,
  // A stray lockfile in a parent folder must not change what Turbopack treats as the project root.
  turbopack: { root: import.meta.dirname },
};

export default nextConfig;
