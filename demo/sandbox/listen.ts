/**
 * Where `npm run sandbox` listens (main.ts): the loopback interface unless SANDBOX_HOST says otherwise. The sandbox
 * holds test customers' personal data and its controls move time and break requests, so it is reachable from the
 * machine only by default; listening wider is explicit and printed as a warning.
 */
import { isIP } from 'node:net';

/** IPv4 loopback. Clients that name `localhost` reach it even where localhost resolves to ::1 first: browsers, and
 * Node 20's net.connect (autoSelectFamily is on by default), try every address of the name. */
export const DEFAULT_HOST = '127.0.0.1';

/** True for a name or address that only the machine itself can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

/** The address to listen on, from SANDBOX_HOST, and the warning to print when it is not a loopback address. */
export function listenHost(sandboxHost: string | undefined): { hostname: string; warning: string | null } {
  const hostname = sandboxHost?.trim() || DEFAULT_HOST;
  const warning = isLoopbackHost(hostname)
    ? null
    : `WARNING: SANDBOX_HOST=${hostname}: the sandbox listens beyond this machine. Anyone who can reach it can call ` +
      'its API, and anyone holding the App token can read its test customers and drive its controls.';
  return { hostname, warning };
}
