import { useNavigate } from 'react-router';
import { POST_LOGIN_PATH_DIALOG } from '@codewright/contract';
import { useTrackCta } from '../../analytics/index.ts';
import type { AuthGate } from './use-auth-gate.tsx';

/** A CTA that goes to /generator when signed in and opens the sign-in dialog otherwise (SPEC §2.4). */
export function useStartBuilding(gate: AuthGate, ctaName: string): () => void {
  const navigate = useNavigate();
  const trackCta = useTrackCta();
  return () => {
    trackCta(ctaName);
    gate.run(() => void navigate(POST_LOGIN_PATH_DIALOG));
  };
}
