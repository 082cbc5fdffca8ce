/**
 * The documents scope's pure functions: which view an account opens on. Documents belong to the account's location,
 * which a plan acceptance creates; before that there is nothing to list, and the step says so.
 */
import type { Account } from '../../api/types.js';

export type DocumentsStep = 'documents';

/** What this session did: nothing the account does not show (the scope only reads). */
export type DocumentsProgress = Record<string, never>;

/** One view, not numbered: a single screen needs no progress bar. */
export const documentsSteps = (_account: Account): readonly DocumentsStep[] => [];

export const documentsCurrent = (_account: Account): DocumentsStep => 'documents';

/** Done closes `completed`; leaving any other way (the close button, "Close" with no documents yet) is an exit. */
export const documentsExit = (): 'exited' => 'exited';
