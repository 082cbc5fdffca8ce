/**
 * How a sandbox is set up: everything optional, with the defaults of the local topology (the sandbox at
 * http://localhost:4010, the flow at :5173, the partner demo at :5174).
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEmitter } from './adapters/webhooks.js';

export interface RateLimitConfig {
  /** Requests per window per App on /v1/app/* (default 30). */
  app?: number;
  /** Requests per window per account on /v1/account/* (default 10). */
  account?: number;
  windowMs?: number;
}

export interface SandboxConfig {
  /** The sandbox App's token; random `sandbox_app_…` when omitted. */
  appToken?: string;
  /** The App's display name (the flow's header shows it); default "Sandbox Partner". */
  appName?: string;
  /** Where the flow is served; login links point there. */
  flowUrl?: string;
  /** The sandbox's own public base URL (document links). */
  publicUrl?: string;
  /** The App's allowed partner origins (CORS, flow framing and postMessage targets, return_url check). */
  allowedOrigins?: string[];
  stripePublicKey?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  webhookBackoffMs?: number;
  /** `false` turns rate limiting off (tests that are not about it); numbers override the specification's. */
  rateLimits?: false | RateLimitConfig;
  /** Real time source (rate limit windows and the clock's base); tests inject one. */
  realNow?: () => number;
  /** Start the sandbox clock at this instant. */
  clockStart?: Date | number;
  /** Replaces the webhook dispatcher (tests record emitted events). */
  webhooks?: WebhookEmitter;
  /** fetch used for webhook deliveries. */
  fetch?: typeof fetch;
}

export interface ResolvedConfig {
  appToken: string;
  appName: string;
  flowUrl: string;
  publicUrl: string;
  allowedOrigins: string[];
  stripePublicKey: string;
  webhookUrl: string | undefined;
  webhookSecret: string;
  webhookBackoffMs: number | undefined;
  rateLimits: false | Required<RateLimitConfig>;
  realNow: () => number;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export function resolveConfig(config: SandboxConfig = {}): ResolvedConfig {
  return {
    appToken: config.appToken ?? `sandbox_app_${randomBytes(16).toString('hex')}`,
    appName: config.appName ?? 'Sandbox Partner',
    flowUrl: trimSlash(config.flowUrl ?? 'http://localhost:5173'),
    publicUrl: trimSlash(config.publicUrl ?? 'http://localhost:4010'),
    allowedOrigins: (config.allowedOrigins ?? ['http://localhost:5174']).map(trimSlash),
    stripePublicKey: config.stripePublicKey ?? `pk_test_sandbox${randomBytes(12).toString('hex')}`,
    webhookUrl: config.webhookUrl,
    webhookSecret: config.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`,
    webhookBackoffMs: config.webhookBackoffMs,
    rateLimits:
      config.rateLimits === false
        ? false
        : { app: config.rateLimits?.app ?? 30, account: config.rateLimits?.account ?? 10, windowMs: config.rateLimits?.windowMs ?? 1000 },
    realNow: config.realNow ?? Date.now,
  };
}
