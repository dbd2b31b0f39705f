import { describe, expect, it } from 'vitest';
import type { WorkspaceSummary } from '@codewright/sdk';
import { newProjectWorkspace } from './save-target.ts';

const ws = (over: Partial<WorkspaceSummary>): WorkspaceSummary => ({
  id: 'ws_1',
  name: 'Mine',
  personal: true,
  role: 'owner',
  ownerId: 'usr_me',
  plan: 'free',
  memberCount: 1,
  memberLimit: 1,
  ...over,
});

describe('newProjectWorkspace (docs/decisions/032)', () => {
  const mine = ws({});
  const editorIn = ws({
    id: 'ws_2',
    name: 'Team',
    personal: true,
    role: 'editor',
    ownerId: 'usr_o',
  });
  const viewerIn = ws({
    id: 'ws_3',
    name: 'Other',
    personal: true,
    role: 'viewer',
    ownerId: 'usr_p',
  });
  const all = [mine, editorIn, viewerIn];

  it('saves into the chosen workspace where the user may create projects', () => {
    expect(newProjectWorkspace(all, editorIn, 'usr_me')).toEqual({
      workspace: editorIn,
      notAllowedIn: null,
    });
    expect(newProjectWorkspace(all, mine, 'usr_me')).toEqual({
      workspace: mine,
      notAllowedIn: null,
    });
  });

  it('falls back to the personal workspace for a viewer, naming the one refused', () => {
    expect(newProjectWorkspace(all, viewerIn, 'usr_me')).toEqual({
      workspace: mine,
      notAllowedIn: viewerIn,
    });
  });

  it('uses the personal workspace when nothing is chosen', () => {
    expect(newProjectWorkspace(all, null, 'usr_me')).toEqual({
      workspace: mine,
      notAllowedIn: null,
    });
  });
});
