// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewProblem } from '@codewright/contract';
import { PreviewPanel } from './preview-panel.tsx';

afterEach(cleanup);

const failingBuild = vi.fn(async () => ({
  ok: false,
  code: '',
  map: null,
  errors: [{ message: 'Expected ")" but found ";"', line: 5, column: 38 }],
  warnings: [],
}));

describe('PreviewPanel', () => {
  it('shows an empty state without code', () => {
    render(<PreviewPanel code="" language="JavaScript" />);
    expect(screen.getByText('Nothing to preview yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh preview' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says plainly which languages it runs', () => {
    render(<PreviewPanel code="fn main() {}" language="Rust" />);
    expect(screen.getByText('Rust runs outside the browser')).toBeTruthy();
    expect(screen.getByText(/The preview runs JavaScript and TypeScript/)).toBeTruthy();
  });

  it('reports a build error with its line to the Console and to onProblems', async () => {
    const reported: PreviewProblem[][] = [];
    await act(async () => {
      render(
        <PreviewPanel
          code="const x = (1;"
          language="JavaScript"
          build={failingBuild}
          onProblems={(p) => reported.push(p)}
        />,
      );
    });
    expect(failingBuild).toHaveBeenCalledWith(
      { code: 'const x = (1;', language: 'javascript' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(screen.getByRole('status').textContent).toBe('Build failed');
    expect(screen.getByRole('alert').textContent).toContain('Build error at line 5');
    expect(reported.at(-1)).toEqual([
      { kind: 'compile', message: 'Expected ")" but found ";"', line: 5, column: 38 },
    ]);
    const consoleTab = screen.getByRole('tab', { name: /Console/ });
    expect(consoleTab.textContent).toContain('1');
    fireEvent.click(consoleTab);
    expect(screen.getByText('line 5')).toBeTruthy();
    expect(screen.getByText('Build error')).toBeTruthy();
  });
});
