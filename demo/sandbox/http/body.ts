/**
 * Request bodies: one 64 KiB limit for every route, applied while the body is read. A declared Content-Length over
 * the limit is refused before anything is read; otherwise the body is streamed and its bytes counted, and the first
 * byte past the limit ends the reading (the stream is cancelled) with 413 `payload_too_large`. A chunked upload,
 * which declares no length, or a Content-Length that lies, therefore never costs more than the limit in memory.
 *
 * `bodyLimit()` runs before routing (app.ts) and keeps the bytes it read, so that every later reader — `readJson`,
 * the idempotency fingerprint, and Hono's own `c.req.json()`/`text()`/`parseBody()` of the fault and card processor
 * routes — reads those bytes rather than the network. The sub-apps mount it too, so they are bounded on their own.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, fail } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

const EMPTY = new Uint8Array(new ArrayBuffer(0));
/** The bytes of requests whose body was read under the limit, keyed by the (replaced) request. */
const read = new WeakMap<Request, Uint8Array>();

/** Reads the body under the limit (once per request) and answers 413 in the error shape when it is over. */
export function bodyLimit(limit = MAX_BODY_BYTES): MiddlewareHandler {
  return async (c, next) => {
    try {
      await readBody(c, limit);
    } catch (error) {
      // Returned rather than thrown, so a sub-app without the sandbox's error handler answers the same body.
      if (error instanceof ApiError) {
        const res = error.toResponse();
        // The rest of the upload is left unread, so the connection cannot carry another request: said, so that a
        // client's pool does not send its next request into a socket the server is about to close.
        if (res.status === 413) res.headers.set('Connection', 'close');
        return res;
      }
      throw error;
    }
    return next();
  };
}

/**
 * The raw body bytes, at most `limit` of them: read from the network once, while counting, then kept. Throws 413
 * `payload_too_large` as soon as the declared length or the bytes received pass the limit.
 */
export async function readBody(c: Context, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const kept = read.get(c.req.raw);
  if (kept) return kept;
  // No body to read: GET and HEAD, and a request the server gave none (TRACE, which the Node adapter turns into a
  // body-less request whose method still says TRACE: rebuilding it with a body would throw).
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return EMPTY;
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limit) throw fail.tooLarge(limit);
  const stream = c.req.raw.body;
  const bytes = stream ? await readLimited(stream, limit) : EMPTY;
  // Later readers (Hono's c.req.json(), text(), parseBody()) read these bytes, not the consumed stream.
  const replaced = new Request(c.req.raw, { body: bytes });
  c.req.raw = replaced;
  read.set(replaced, bytes);
  return bytes;
}

async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading; the server drains or closes the rest of the upload after the answer.
      void reader.cancel().catch(() => undefined);
      throw fail.tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The parsed JSON body; an empty body reads as `{}` so that required fields are reported by name rather than as
 * "body missing" (and finalize may be sent with no body at all).
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = new TextDecoder('utf-8').decode(await readBody(c));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw fail.invalidJson(error instanceof Error ? error.message : String(error));
  }
}
