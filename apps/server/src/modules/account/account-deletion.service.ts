import { ACCOUNT_SETTINGS_MESSAGES, type DeleteAccountBody } from '@codewright/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { PrincipalCache } from '../auth/principal.ts';
import { verifyPassword } from '../auth/password.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { AccountDeletionRepository, Transaction } from './account-deletion.repository.ts';

/**
 * The teams rule (the workspaces module's `handOverOrCloseWorkspaces`, docs/decisions/027): hands
 * each workspace the user owns over to another member, or closes it, inside the deletion's
 * transaction and before the user's rows go. Answers the ids of the workspaces it closed.
 */
export type TeamHandover = (tx: Transaction, userId: string) => Promise<{ closed: string[] }>;

export interface AccountDeletionOptions {
  repo: AccountDeletionRepository;
  cache: PrincipalCache;
  storage: StorageService;
  log: FastifyBaseLogger;
  /** The workspaces module's hand-over rule (see TeamHandover). */
  handOverTeams: TeamHandover;
}

/** Deletes an account after it is confirmed (docs/decisions/029). Knows nothing of HTTP. */
export function createAccountDeletionService(options: AccountDeletionOptions) {
  const { repo, cache, storage, log } = options;

  async function confirm(
    user: { email: string; passwordHash: string | null },
    body: DeleteAccountBody,
  ) {
    if (user.passwordHash) {
      if (!body.password) {
        throw new AppError('VALIDATION_ERROR', 400, ACCOUNT_SETTINGS_MESSAGES.passwordRequired);
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        throw new AppError('INVALID_CREDENTIALS', 401, ACCOUNT_SETTINGS_MESSAGES.wrongPassword);
      }
      return;
    }
    // Accounts without a password (magic link, Google/GitHub) confirm by typing their address.
    if (!body.email?.trim()) {
      throw new AppError('VALIDATION_ERROR', 400, ACCOUNT_SETTINGS_MESSAGES.emailRequired);
    }
    if (body.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('VALIDATION_ERROR', 400, ACCOUNT_SETTINGS_MESSAGES.emailMismatch);
    }
  }

  return {
    /**
     * Checks the confirmation, then removes the user's rows in one transaction (teams handed
     * over first) and, after the commit, their files. Removing files is idempotent: if it fails
     * the account is still gone, and it is logged for an operator to repeat.
     */
    async deleteAccount(userId: string, body: DeleteAccountBody): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      await confirm(user, body);
      const { closed } = await repo.transaction(async (tx) => {
        const teams = await options.handOverTeams(tx, user.id);
        await repo.deleteUserRows(tx, user);
        return teams;
      });
      cache.forgetUser(user.id);
      try {
        await storage.removeAllOf(user.id);
        for (const workspaceId of closed) await storage.removeWorkspaceFiles(workspaceId);
      } catch (err) {
        log.error(
          { err, userId: user.id, closed },
          'account deleted, but removing its files failed',
        );
      }
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
