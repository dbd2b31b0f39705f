import { forwardRef, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';

export interface EmailFormProps {
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  email: string;
  setEmail: (email: string) => void;
  /** What follows the email field: more fields, the submit button, links. */
  children: ReactNode;
}

/**
 * The sign-in dialog's forms: a required "Email" field first, then `children`.
 * The ref is the email input's, so that the opener can focus it.
 */
export const EmailForm = forwardRef<HTMLInputElement, EmailFormProps>(function EmailForm(
  { busy, onSubmit, email, setEmail, children },
  ref,
) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <TextField
        ref={ref}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
        disabled={busy}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {children}
    </form>
  );
});
