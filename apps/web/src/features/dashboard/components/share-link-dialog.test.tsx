// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodewrightError, NetworkError, type Project } from '@codewright/sdk';
import { ProjectCard } from './project-card.tsx';
import { ShareLinkDialog, shareUrl } from './share-link-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const project: Project = {
  id: 'prj_1',
  userId: 'usr_1',
  name: 'Counter',
  language: 'JavaScript',
  code: 'export const n = 1;',
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  workspaceId: 'ws_1',
  visibility: 'public',
  shareToken: 'old-token',
  updatedBy: null,
};

const noop = () => undefined;

describe('ProjectCard', () => {
  it('shows "Share link" only to those who may share', () => {
    const { rerender } = render(
      <ProjectCard
        project={project}
        canShare={false}
        onOpen={noop}
        onDelete={noop}
        onShare={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Share link for Counter' })).toBeNull();
    const onShare = vi.fn();
    rerender(
      <ProjectCard project={project} canShare onOpen={noop} onDelete={noop} onShare={onShare} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share link for Counter' }));
    expect(onShare).toHaveBeenCalledWith(project);
  });
});

describe('ShareLinkDialog', () => {
  const link = () => screen.getByLabelText<HTMLInputElement>('Link');

  it('asks before a new link, and on a failure keeps the old link and says what to do', async () => {
    const onRegenerate = vi.fn(async () => {
      throw new NetworkError({ code: 'NETWORK_ERROR' });
    });
    render(<ShareLinkDialog project={project} onClose={noop} onRegenerate={onRegenerate} />);
    expect(link().value).toBe(shareUrl('old-token'));
    expect(document.activeElement).toBe(link());

    fireEvent.click(screen.getByRole('button', { name: 'New link' }));
    expect(onRegenerate).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep this link' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(
      /Check your connection and try again\. The current link still works\./,
    );
    expect(link().value).toBe(shareUrl('old-token'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep this link' }));
  });

  it('a project gone or no longer shareable says to reload', async () => {
    const onRegenerate = vi.fn(async () => {
      throw new CodewrightError({ code: 'NOT_FOUND', status: 404 });
    });
    render(<ShareLinkDialog project={project} onClose={noop} onRegenerate={onRegenerate} />);
    fireEvent.click(screen.getByRole('button', { name: 'New link' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/Reload the dashboard/);
  });

  it('when the clipboard is refused, selects the link and says how to copy it', async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    render(<ShareLinkDialog project={project} onClose={noop} onRegenerate={vi.fn()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/copy it with Ctrl\+C/);
    expect(document.activeElement).toBe(link());
    expect(link().selectionStart).toBe(0);
    expect(link().selectionEnd).toBe(link().value.length);
  });

  it('says a private project’s link shows "not found" until it is public', () => {
    render(
      <ShareLinkDialog
        project={{ ...project, visibility: 'private' }}
        onClose={noop}
        onRegenerate={vi.fn()}
      />,
    );
    expect(
      screen.getByText(/the link shows "Project not found" until you make it public/),
    ).toBeTruthy();
  });
});
