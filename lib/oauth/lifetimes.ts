/**
 * How long what the authorization server hands out lasts. Access tokens are short so that a
 * leaked one is worth little; refresh tokens are rotated on every use (a used one stops), so a
 * long life costs little; codes are single use and only bridge one browser redirect.
 */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
export const CODE_SECONDS = 10 * 60;

/** Prefixes that tell a bearer value's kind at a glance (and in secret scanners), like `mcsk_` for keys. */
export const ACCESS_TOKEN_PREFIX = "mcat_";
export const REFRESH_TOKEN_PREFIX = "mcrt_";
