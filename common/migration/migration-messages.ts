import { formatCount } from '../format';
import { UNRESOLVED_CLAIMS_LISTED, type ClaimResult } from './migration';

/** Texts of the token migration (the run, its CMS panel, the welcome card, spending while frozen). */
export const MIGRATION_MSG = {
  balanceFrozen: 'Your tokens are frozen while they migrate to the blockchain. Try again when the migration is done.',
  onlySuperAdmins: 'Only super admins can manage the token migration',
  thresholdNotReached: (users: number, threshold: number) =>
    `The user threshold is not reached (${formatCount(users)} of ${formatCount(threshold)} users). Force the run to migrate anyway.`,
  noChain: 'No blockchain is configured for the migration',
  transferFailed: 'A token transfer failed; run the migration again to resume',
  transferUnderWay: 'A token transfer of this migration is still under way. Run the migration again in a few minutes.',
  transferUnresolved:
    'A token transfer could not be confirmed, so it will not be sent again: check it under Unresolved claims. Run the migration again to go on with the other users.',
  runFailed: 'Migration failed',
  runDone: 'Migration complete: every user is migrated',
  forceConfirm: 'Force the migration before the threshold is reached? Every balance is frozen, snapshotted and sent to the blockchain. This cannot be undone.',
  settingsSaved: 'Lock period saved',
  settingsFailed: 'Failed to save the lock period',
  loadFailed: 'Failed to load the migration status',
  claimPending: 'Save a wallet address to claim your tokens on the blockchain.',
  /** The welcome page's migration card, by the user's status (and, before theirs, whether a run has been). */
  cardBefore: 'When the community reaches its user goal, tokens move to a blockchain. You may add a Solana wallet address now (optional); it can be saved once.',
  cardJoinedAfter: 'The migration has run; this account joined after it, so its tokens stay in the app. You may add a Solana wallet address now (optional); it can be saved once.',
  cardMigrating: 'Your tokens are being sent to the blockchain. Spending waits until they are.',
  cardMigrated: 'Your balance at the migration (the snapshot below) goes to your Solana wallet on the blockchain; the tokens in the app stay yours to spend.',
  claimNotSent: 'Your tokens have not reached your wallet yet.',
  claimRetry: 'Send my tokens',
  claimSent: 'Your tokens were sent to your wallet',
  claimNeedsWallet: 'Save a wallet address first',
  claimBusy: 'Your tokens are being sent. Check again in a few minutes.',
  claimFailed: 'Your tokens could not be sent. Try again in a few minutes.',
  claimUnresolved: 'Your tokens may have been sent, but the transfer could not be confirmed. It will be checked before anything is sent again.',
  claimInvalidWallet: 'Your saved wallet address cannot receive the tokens on this blockchain.',
  claimNotFound: 'Claim not found',
  claimNotUnresolved: 'This claim is not waiting for a check any more: it was settled, sent, or an attempt is under way.',
  badTxHash: 'Transaction hash must be 32 to 128 letters or digits',
  claimsLoadFailed: 'Failed to load the unresolved claims',
  noUnresolvedClaims: 'No unresolved claims.',
  claimsTruncated: `Only the ${formatCount(UNRESOLVED_CLAIMS_LISTED)} oldest attempts were read: newer claims may be left out. Settle these, then refresh.`,
  claimMarkedSent: 'Claim marked as sent',
  claimReleased: 'Claim released: the user can send the tokens again',
  claimSettleFailed: 'Failed to settle the claim',
} as const;

/** The message for a claim that did not go out (save-wallet's toast, the claim endpoint's error); null when nothing is wrong. */
export function claimProblem(result: ClaimResult): string | null {
  if (result === 'failed') return MIGRATION_MSG.claimFailed;
  if (result === 'busy') return MIGRATION_MSG.claimBusy;
  if (result === 'unresolved') return MIGRATION_MSG.claimUnresolved;
  if (result === 'invalid_wallet') return MIGRATION_MSG.claimInvalidWallet;
  return null;
}
