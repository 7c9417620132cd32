import { formatCount } from './format';

/** Texts of the token migration (the run, its CMS panel, the welcome card, spending while frozen). */
export const MIGRATION_MSG = {
  balanceFrozen: 'Your tokens are frozen while they migrate to the blockchain. Try again when the migration is done.',
  onlySuperAdmins: 'Only super admins can run the migration',
  thresholdNotReached: (users: number, threshold: number) =>
    `The user threshold is not reached (${formatCount(users)} of ${formatCount(threshold)} users). Force the run to migrate anyway.`,
  noChain: 'No blockchain is configured for the migration',
  transferFailed: 'A token transfer failed; run the migration again to resume',
  runFailed: 'Migration failed',
  runDone: 'Migration complete: every user is migrated',
  forceConfirm: 'Force the migration before the threshold is reached? Every balance is frozen, snapshotted and sent to the blockchain. This cannot be undone.',
  settingsSaved: 'Lock period saved',
  settingsFailed: 'Failed to save the lock period',
  loadFailed: 'Failed to load the migration status',
  claimPending: 'Save a wallet address to claim your tokens on the blockchain.',
  claimNotSent: 'Your tokens have not reached your wallet yet.',
  claimRetry: 'Send my tokens',
  claimSent: 'Your tokens were sent to your wallet',
  claimNeedsWallet: 'Save a wallet address first',
  claimBusy: 'Your tokens are being sent, or were just tried. Try again in a few minutes.',
  claimFailed: 'Your tokens could not be sent. Try again in a few minutes.',
} as const;
