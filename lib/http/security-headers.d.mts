/** The Content-Security-Policy value; `frameAncestors` is `'none'` everywhere but the embed route. */
export function contentSecurityPolicy(production: boolean, frameAncestors?: string): string;
/** Security headers of a web app response (without CSP and X-Frame-Options for the embed route). */
export function securityHeaders(production: boolean, options?: { embed?: boolean }): { key: string; value: string }[];
