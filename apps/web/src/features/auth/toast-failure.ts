import { toast } from 'sonner';
import { MESSAGES } from '@codewright/contract';
import { errorMessageOf } from './social-sign-in.ts';

/** Runs `action`; a failure is told in a toast: the server's words, else MESSAGES.authFailed. */
export async function toastingFailure(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    toast.error(errorMessageOf(error) ?? MESSAGES.authFailed);
  }
}
