/**
 * The documents of the account's location: the active ones (EFL, TOS, YRAC of the contract in force) and all of them
 * (with the historical ones and a queued renewal's). A module of its own, imported by the chunks that list documents
 * (the documents and renewal scopes), so the first screen does not carry it; it takes the injected transport
 * (client.ts), which a component test fakes.
 */
import type { FlowApi } from './client.js';
import { sig } from './client.js';
import type { DocumentList } from './types.js';

const base = (locationUuid: string) => `/v1/account/locations/${encodeURIComponent(locationUuid)}`;

/** `GET …/documents`: the active documents. */
export const listDocuments = (api: FlowApi, locationUuid: string, signal?: AbortSignal): Promise<DocumentList> =>
  api.request('GET', `${base(locationUuid)}/documents`, undefined, sig(signal));

/** `GET …/all-documents`: active, then queued (a renewal's), then historical. */
export const listAllDocuments = (api: FlowApi, locationUuid: string, signal?: AbortSignal): Promise<DocumentList> =>
  api.request('GET', `${base(locationUuid)}/all-documents`, undefined, sig(signal));
