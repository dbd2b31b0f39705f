import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand.tsx';

/** The centred card the account pages (reset password, verify email) share with /sign-in. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="relative flex flex-1 items-center justify-center overflow-hidden px-4 py-16 sm:py-24">
      <div className="bg-grid pointer-events-none absolute inset-0" aria-hidden="true" />
      <div className="relative w-full max-w-sm rounded-2xl border border-border-strong bg-surface/80 p-6 shadow-2xl shadow-black/40 sm:p-8">
        <BrandMark className="mx-auto size-10" />
        <h1 className="mt-5 text-center text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A success or failure panel with its next step. */
export function Outcome({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={
        ok
          ? 'rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-sm leading-relaxed text-fg'
          : 'rounded-lg border border-red-500/30 bg-red-500/10 p-4 text-sm leading-relaxed text-fg'
      }
    >
      {children}
    </div>
  );
}
