/**
 * `service-flow/react`: the host SDK as a React hook, the way `usePlaidLink` works. `open()` opens the flow in the
 * SDK's modal; `ready` is true once there is a link (as Plaid's: `disabled={!ready}` on the button). It stays true
 * while the flow is open, so that the button can take the focus back when the flow closes (a disabled button cannot):
 * the modal makes the page behind it inert, and `open()` does nothing while this hook's flow is open. The latest
 * callbacks are called (they may change on every render), and the flow is destroyed when the component unmounts.
 */
import { useCallback, useEffect, useRef } from 'react';
import { open as openFlow, type ServiceFlowHandle, type ServiceFlowOptions } from '../host/service-flow.js';

export type UseServiceFlowOptions = Omit<ServiceFlowOptions, 'loginLink'> & { loginLink: string | null | undefined };

export function useServiceFlow(options: UseServiceFlowOptions): { open: () => void; ready: boolean } {
  const latest = useRef(options);
  latest.current = options;
  const handle = useRef<ServiceFlowHandle | null>(null);
  // Unmounted: an open() after it (a click handler that awaited something) would open a flow nothing ever destroys.
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      handle.current?.destroy();
      handle.current = null;
    };
  }, []);

  const open = useCallback(() => {
    const { loginLink, onReady: _r, onEvent: _e, onClose: _c, ...display } = latest.current;
    if (!loginLink || handle.current || !mounted.current) return;
    handle.current = openFlow({
      ...display,
      loginLink,
      onReady: (m) => latest.current.onReady?.(m),
      onEvent: (m) => latest.current.onEvent?.(m),
      onClose: (m) => {
        handle.current = null;
        latest.current.onClose?.(m);
      },
    });
  }, []);

  return { open, ready: !!options.loginLink };
}
