/** Response headers of the partner demo: a partner page that frames the flow should be as locked down as the flow. */
import type { PartnerConfig } from './config.js';

/**
 * Strict CSP: scripts only from this origin (no inline script, no eval), the flow is the only frame, and the page
 * may fetch from itself and from the sandbox's public fixtures. Nobody may frame the partner page itself.
 */
export function contentSecurityPolicy(config: Pick<PartnerConfig, 'flowOrigin' | 'sandboxUrl'>): string {
  const sandboxOrigin = new URL(config.sandboxUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${sandboxOrigin}`,
    `frame-src ${config.flowOrigin}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(config: Pick<PartnerConfig, 'flowOrigin' | 'sandboxUrl'>): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    // The payment permission must be allowed here for the iframe's allow="payment" to delegate it to the flow.
    'Permissions-Policy': `payment=(self "${config.flowOrigin}"), camera=(), microphone=(), geolocation=()`,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}
