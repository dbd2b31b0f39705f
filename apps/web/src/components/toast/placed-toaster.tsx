import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { getToastClearance, subscribeToastClearance } from './toast-clearance.ts';

/** Below the sticky 64 px site header, so toasts never cover its buttons. */
const DEFAULT_TOP = { desktop: 76, mobile: 72 };

/**
 * The toast container at the top right (SPEC §2.1), pushed below whatever a screen asked it to
 * clear (toast-clearance.ts). Rendered only in the browser, after hydration (DeferredToaster).
 */
export function PlacedToaster() {
  const clearance = useSyncExternalStore(subscribeToastClearance, getToastClearance);
  return (
    <Toaster
      position="top-right"
      offset={{ top: clearance ?? DEFAULT_TOP.desktop, right: 16 }}
      mobileOffset={{ top: clearance ?? DEFAULT_TOP.mobile, right: 12, left: 12 }}
      theme="dark"
      richColors
      closeButton
    />
  );
}
