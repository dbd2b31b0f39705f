// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AuthClient, AuthState, Provider } from '@codewright/sdk';
import { MESSAGES } from '@codewright/contract';
import { AuthContext } from '../hooks/use-auth.ts';
import { AuthDialog } from './auth-dialog.tsx';

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const signedOut: AuthState = {
  user: null,
  session: null,
  isAuthenticated: false,
  isLoading: false,
  status: 'signed-out',
};

/** A server with one social provider: the dialog then opens on its social step. */
const WITH_SOCIAL: Provider[] = [
  { id: 'email', name: 'Email' },
  { id: 'google', name: 'Google' },
];

function fakeAuth(
  overrides: Partial<AuthClient> = {},
  providers: Provider[] = WITH_SOCIAL,
): AuthClient {
  return {
    initialize: vi.fn(async () => signedOut),
    getState: () => signedOut,
    onAuthStateChange: () => () => {},
    signUp: vi.fn(),
    signInWithPassword: vi.fn(),
    signOut: vi.fn(),
    getCurrentUser: vi.fn(),
    updateUser: vi.fn(),
    getProviders: vi.fn(async () => providers),
    getAccessToken: vi.fn(async () => null),
    ...overrides,
  } as AuthClient;
}

function setup(auth: AuthClient, props: { redirectTo?: string } = {}) {
  const onOpenChange = vi.fn();
  render(
    <AuthContext.Provider
      // As on a public page: the SDK is not loaded until the dialog asks for it.
      value={{
        auth: null,
        loadAuth: async () => auth,
        state: signedOut,
        user: null,
        status: 'signed-out',
      }}
    >
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<AuthDialog open onOpenChange={onOpenChange} {...props} />} />
          <Route path="/generator" element={<p>generator page</p>} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { onOpenChange };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** From the social step (shown once the providers have loaded) to the email form. */
const toEmailMode = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Continue with Email' }));

beforeEach(() => {
  toastMock.error.mockReset();
  toastMock.success.mockReset();
});
afterEach(cleanup);

describe('AuthDialog', () => {
  it('opens in social mode as a labelled modal titled Welcome Back', async () => {
    setup(fakeAuth());
    const dialog = screen.getByRole('dialog', { name: 'Welcome Back' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeTruthy();
    expect(button(/Google/)).toBeTruthy();
  });

  it('with no social sign-in configured, opens straight on the email form', async () => {
    setup(fakeAuth({}, [{ id: 'email', name: 'Email' }]));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to other options' })).toBeNull();
  });

  it('shows only the social providers the server lists, and reports a failed social sign-in', async () => {
    setup(
      fakeAuth({}, [
        { id: 'email', name: 'Email' },
        { id: 'google', name: 'Google' },
      ]),
    );
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
    expect(screen.getByText('Or')).toBeTruthy();
    fireEvent.click(google);
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(MESSAGES.googleFailed));
  });

  it('refuses an empty submit with the spec text and sends nothing', async () => {
    const auth = fakeAuth();
    setup(auth);
    await toEmailMode();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.click(button('Sign In'));
    expect(toastMock.error).toHaveBeenCalledWith('Please enter email and password');
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('has required, labelled email and password inputs', async () => {
    setup(fakeAuth());
    await toEmailMode();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required && password.required).toBe(true);
    expect(password.type).toBe('password');
  });

  it('toggles between sign-in and sign-up, and back to the other options', async () => {
    setup(fakeAuth());
    await toEmailMode();
    fireEvent.click(button("Don't have an account? Sign up"));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeTruthy();
    expect(button('Sign Up')).toBeTruthy();
    fireEvent.click(button('Already have an account? Sign in'));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    fireEvent.click(button('Back to other options'));
    expect(button('Continue with Email')).toBeTruthy();
  });

  it('signs up without signing in, then returns to sign-in mode', async () => {
    const auth = fakeAuth({ signUp: vi.fn(async () => ({}) as never) });
    setup(auth);
    await toEmailMode();
    fireEvent.click(button("Don't have an account? Sign up"));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' new@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'hunter22!' } });
    fireEvent.click(button('Sign Up'));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Account created! Please sign in.'),
    );
    expect(auth.signUp).toHaveBeenCalledWith({ email: 'new@example.com', password: 'hunter22!' });
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('disables every control and shows Loading... while a request runs', async () => {
    let finish!: () => void;
    const pending = new Promise<never>((_, reject) => {
      finish = () => reject(new Error('Invalid email or password. Please try again.'));
    });
    setup(fakeAuth({ signInWithPassword: vi.fn(() => pending) }));
    await toEmailMode();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(button('Sign In'));
    expect(button('Loading...')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const controls = dialog.querySelectorAll('button, input');
    expect(controls.length).toBeGreaterThan(4);
    controls.forEach((el) => expect((el as HTMLButtonElement).disabled).toBe(true));
    await act(async () => finish());
    expect(toastMock.error).toHaveBeenCalledWith('Invalid email or password. Please try again.');
    expect(button('Sign In')).toBeTruthy();
  });

  it('falls back to "Authentication failed" when the error has no message', async () => {
    setup(fakeAuth({ signInWithPassword: vi.fn(async () => Promise.reject({})) }));
    await toEmailMode();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(button('Sign In'));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Authentication failed'));
  });

  it('closes and goes to /generator after sign-in by default', async () => {
    const { onOpenChange } = setup(
      fakeAuth({ signInWithPassword: vi.fn(async () => ({}) as never) }),
    );
    await toEmailMode();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(button('Sign In'));
    expect(await screen.findByText('generator page')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('goes to the opener-given address (e.g. /dashboard from the header)', async () => {
    setup(fakeAuth({ signInWithPassword: vi.fn(async () => ({}) as never) }), {
      redirectTo: '/dashboard',
    });
    await toEmailMode();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(button('Sign In'));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('closes on Escape', () => {
    const { onOpenChange } = setup(fakeAuth());
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
