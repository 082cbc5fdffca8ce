/**
 * Reading JSON request bodies with the 64 KiB limit. The limit is checked on the declared Content-Length before
 * anything is read and again on the bytes actually received, since a chunked upload declares no length.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { fail } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

/** Rejects an over-long declared body before any route reads it. */
export function bodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) throw fail.tooLarge(MAX_BODY_BYTES);
    await next();
  };
}

/**
 * The parsed JSON body; an empty body reads as `{}` so that required fields are reported by name rather than as
 * "body missing" (and finalize may be sent with no body at all).
 */
export async function readJson(c: Context): Promise<unknown> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw fail.tooLarge(MAX_BODY_BYTES);
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw fail.invalidJson(error instanceof Error ? error.message : String(error));
  }
}
