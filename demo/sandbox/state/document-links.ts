/**
 * Links to documents. A plan's EFL, TOS and YRAC are the same for every customer: their links are the document's
 * public, unguessable URL. An invoice and a Letter of Authorization name the customer, the service address and the
 * ESI ID: their links are signed and open the PDF for an hour, as long as a flow link (a token), from when the API
 * answered them. A link opened in a new tab stays in the browser's history, and on a shared computer it must not
 * open the customer's bill for the next person days later; every answer that carries one makes a new one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DocumentRef } from '../store/store.js';

/** How long a link to a personal document opens it, on the sandbox clock. */
export const PERSONAL_LINK_TTL_MS = 60 * 60 * 1000;

/** The process's own key: links do not outlive the sandbox, as its documents do not. */
const KEY = randomBytes(32);

const signature = (id: string, expires: number): string => createHmac('sha256', KEY).update(`${id}.${expires}`).digest('base64url');

/** Whether a document names the customer (an invoice, a Letter of Authorization). */
export const isPersonal = (type: DocumentRef['type']): boolean => type === 'invoice' || type === 'loa';

/** The URL of a document's PDF as an answer made at `now` gives it. */
export function documentLink(publicUrl: string, id: string, type: DocumentRef['type'], now: number): string {
  const url = `${publicUrl}/documents/${id}.pdf`;
  if (!isPersonal(type)) return url;
  const expires = Math.floor((now + PERSONAL_LINK_TTL_MS) / 1000);
  return `${url}?expires=${expires}&signature=${signature(id, expires)}`;
}

/** What a personal document's link is worth at `now`: the signature of another link, or none, is no link at all. */
export function linkState(id: string, expires: number | undefined, given: string | undefined, now: number): 'valid' | 'expired' | 'invalid' {
  if (expires === undefined || given === undefined) return 'invalid';
  const expected = Buffer.from(signature(id, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return expires * 1000 > now ? 'valid' : 'expired';
}
