// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MESSAGES } from '@codewright/contract';
import { ProjectLimitDialog } from './project-limit-dialog.tsx';
import { UpgradeDialog } from './upgrade-dialog.tsx';
import { UsageMeter } from './usage-meter.tsx';

afterEach(cleanup);

function inRouter(ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={ui} />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('UpgradeDialog', () => {
  it('shows the locked feature and the Pro benefits; Upgrade to Pro closes and goes to /pricing', () => {
    const onClose = vi.fn();
    inRouter(
      <UpgradeDialog
        open
        onClose={onClose}
        title="Upgrade to Continue"
        description="You have used this month's generations."
        lockedFeature={MESSAGES.upgradeFeature}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Continue' });
    expect(dialog.textContent).toContain(MESSAGES.upgradeFeature);
    expect(dialog.textContent).toContain('Unlimited generations and edits');
    expect(dialog.textContent).toContain('Version control');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeTruthy();
  });

  it('Maybe Later only closes', () => {
    const onClose = vi.fn();
    inRouter(<UpgradeDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Pricing page' })).toBeNull();
  });
});

describe('ProjectLimitDialog', () => {
  it('has the SPEC §2.13 title, description and the Free cap', () => {
    inRouter(<ProjectLimitDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.projectLimitTitle });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toContain(MESSAGES.projectLimitDescription);
    expect(dialog.textContent).toContain('allows up to 3 projects');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('renders nothing while closed', () => {
    inRouter(<ProjectLimitDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('UsageMeter', () => {
  it('exposes progressbar state and a text status', () => {
    render(<UsageMeter label="Generations" used={8} limit={10} />);
    const bar = screen.getByRole('progressbar', { name: 'Generations' });
    expect(bar.getAttribute('aria-valuenow')).toBe('8');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    expect(bar.getAttribute('data-state')).toBe('warning');
    expect(screen.getByText('Running low · 2 left')).toBeTruthy();
  });

  it('has no progressbar when unlimited', () => {
    render(<UsageMeter label="Edits" used={42} limit={-1} size="lg" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Unlimited on your plan')).toBeTruthy();
    expect(screen.getByText('/ Unlimited')).toBeTruthy();
  });
});
