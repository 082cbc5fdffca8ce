/**
 * "This session finished its scope's job" (a renewal accepted, a card replaced, a battery connected), kept in the
 * tab's stored session beside the token (bootstrap.ts), so that a reload of the page resumes on the done screen and
 * closing there tells the host `completed`, not `exited`. A flag only, nothing the customer typed; it goes with the
 * stored session (a new link replaces it; closing or expiry removes it). The done screens set it when they show;
 * bootstrap.ts hands it back as `Returned.done`. Loaded with those screens, never on the first screen.
 */
import { remember, sessionStore } from './bootstrap.js';

export const markSessionDone = (): void => remember(sessionStore(), null, { done: true });
