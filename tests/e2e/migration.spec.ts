import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { solanaWallet } from '../api/wallets';
import { expect, test } from './fixtures';
import { MIGRATION_MSG } from '../../common/migration/migration-messages';
import { e2eFirestore, newUser, signIn, signUp } from './helpers';

/** The wallet the migrating user saves before the run. */
const MIGRATING_WALLET = solanaWallet('e2e-migration');

/**
 * Runs last (the 'after-all' project in playwright.config.ts): the forced run migrates every user
 * of the shared stack. Migrated users spend again afterwards, but no spec should see it mid-run.
 */
test('a super admin forces the migration from the Config tab; the home card and welcome page follow', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // A user with a wallet watches the home card.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const user = newUser('migr');
  await signUp(userPage, user);
  await expect(userPage.getByTestId('migration-line')).toHaveText(MIGRATION_MSG.cardBefore);
  await userPage.getByLabel('Wallet address').fill(MIGRATING_WALLET);
  await userPage.getByRole('button', { name: 'Save' }).click();
  await expect(userPage.getByText('Wallet address saved!')).toBeVisible();
  await userPage.goto('/');
  await expect(userPage.getByTestId('users-needed')).toHaveText(/\d/);

  await signIn(page, 'superadmin@demo.test', 'demo1234');
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Config' }).click();
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Token Migration' }) });
  await expect(panel.getByTestId('migration-threshold')).toContainText('threshold not reached');
  await expect(panel.getByRole('button', { name: 'Run Migration' })).toBeDisabled();
  await panel.getByLabel('Lock period (days)').fill('45');
  await panel.getByRole('button', { name: 'Save lock period' }).click();
  await expect(page.getByText('Lock period saved')).toBeVisible();
  await panel.getByRole('button', { name: 'Force Run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Force the migration?' });
  await dialog.getByRole('button', { name: 'Force Migration' }).click();
  await expect(panel.getByText('Migration complete: migration_enabled is on.')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText('Migration complete: every user is migrated')).toBeVisible();
  const progress = await panel.getByTestId('migration-progress').textContent();
  const [, migrated, total] = /Migrated ([\d,]+) \/ ([\d,]+)/.exec(progress ?? '') ?? [];
  expect(migrated).toBe(total);

  // The home card changes without a reload (the leaderboards stream carries migration_config).
  await expect(userPage.getByText('Migration Complete!')).toBeVisible({ timeout: 20_000 });

  await userPage.goto('/welcome');
  const card = userPage.locator('section', { has: userPage.getByRole('heading', { name: 'Migration status' }) });
  await expect(card.getByText('Migrated', { exact: true })).toBeVisible();
  await expect(card.getByTestId('migration-line')).toHaveText(MIGRATION_MSG.cardMigrated);
  await expect(card.getByTestId('snapshot-balance')).toHaveText('50 tokens');
  await expect(card.getByTestId('tx-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card.getByText('Locked until')).toBeVisible();
  await expect(card.getByLabel('Migration details').getByText(MIGRATING_WALLET)).toBeVisible();
  // The local chain wrote the transfer to the file the README names.
  const hash = await card.getByTestId('tx-hash').textContent();
  const lines = (await readFile(`${process.env.STACK_DIR ?? '.local/e2e-stack'}/chain-ledger.jsonl`, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { tx_hash: string; amount: number; wallet: string });
  expect(lines.find((l) => l.tx_hash === hash)).toMatchObject({ amount: 50, wallet: MIGRATING_WALLET });
  await userContext.close();

  // The super admin had no wallet: their snapshot waits for one, and saving one sends it.
  await page.goto('/welcome');
  const own = page.locator('section', { has: page.getByRole('heading', { name: 'Migration status' }) });
  await expect(own.getByText('Save a wallet address to claim your tokens on the blockchain.')).toBeVisible();
  await expect(own.getByTestId('tx-hash')).toHaveText('—');
  await own.getByLabel('Wallet address').fill(solanaWallet('e2e-super'));
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Wallet address saved!')).toBeVisible();
  await expect(own.getByTestId('tx-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(own.getByText('Save a wallet address to claim your tokens on the blockchain.')).toBeHidden();
  await expect(own.getByRole('button', { name: 'Send my tokens' })).toBeHidden();

  // A wallet saved while its claim did not go out (as after a transfer refused before sending):
  // the card offers Send my tokens, which passes axe and works by keyboard.
  const db = await e2eFirestore();
  const listener = (await db.collection('profiles').where('username', '==', 'listener').get()).docs[0]!;
  await listener.ref.update({ wallet_address: 'ListenerWallet1' });
  const listenerContext = await browser.newContext();
  const listenerPage = await listenerContext.newPage();
  await signIn(listenerPage, 'listener@demo.test', 'demo1234');
  await listenerPage.goto('/welcome');
  const theirs = listenerPage.locator('section', { has: listenerPage.getByRole('heading', { name: 'Migration status' }) });
  await expect(theirs.getByText('Your tokens have not reached your wallet yet.')).toBeVisible();
  const { violations } = await new AxeBuilder({ page: listenerPage }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await theirs.getByRole('button', { name: 'Send my tokens' }).focus();
  await listenerPage.keyboard.press('Enter');
  await expect(listenerPage.getByText('Your tokens were sent to your wallet')).toBeVisible();
  await expect(theirs.getByTestId('tx-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(theirs.getByRole('button', { name: 'Send my tokens' })).toBeHidden();
  await listenerContext.close();

  // An account made after the run is not told the migration is still to come.
  const lateContext = await browser.newContext();
  const latePage = await lateContext.newPage();
  await signUp(latePage, newUser('late'));
  const late = latePage.locator('section', { has: latePage.getByRole('heading', { name: 'Migration status' }) });
  await expect(late.getByText('Pre-Migration', { exact: true })).toBeVisible();
  await expect(late.getByTestId('migration-line')).toHaveText(MIGRATION_MSG.cardJoinedAfter);
  await lateContext.close();
});

test('a super admin settles unresolved claims in the Config tab by keyboard: allows a resend, marks one sent with its hash', async ({ page }) => {
  const db = await e2eFirestore();
  /** A migration claim of a seeded user whose transfer may have gone through (its confirmation timed out a minute ago). */
  const unresolved = async (username: string) => {
    const profile = (await db.collection('profiles').where('username', '==', username).get()).docs[0]!;
    const ref = db.collection('migration_log').doc(`${profile.id}_e2e-claim-${Date.now()}`);
    await ref.set({
      user_id: profile.id,
      run_id: 'e2e-claim',
      snapshot_balance: 1234,
      // Older than the user's real entry, so their welcome page keeps showing that one.
      migrated_at: '2020-01-01T00:00:00.000Z',
      locked_until: null,
      solana_tx_hash: null,
      wallet_address: 'E2eClaimWallet1',
      claim_pending: true,
      claim_unresolved: true,
      claim_attempted_at: new Date(Date.now() - 60_000).toISOString(),
      transfer_error: 'Solana transaction 5xYz not confirmed within 60 s',
    });
    return { ref, wallet: (profile.get('wallet_address') as string | null) ?? 'E2eClaimWallet1' };
  };
  const released = await unresolved('artist');

  await signIn(page, 'superadmin@demo.test', 'demo1234');
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Config' }).click();
  const claims = page.getByRole('region', { name: 'Unresolved claims' });
  const artistRow = claims.getByRole('row', { name: /@artist/ });
  await expect(artistRow).toContainText('artist@demo.test');
  await expect(artistRow).toContainText('1,234');
  await expect(artistRow).toContainText(released.wallet);
  await expect(artistRow).toContainText('Solana transaction 5xYz not confirmed within 60 s');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // Allow resend…, by keyboard: the confirmation opens on Cancel.
  await artistRow.getByRole('button', { name: 'Allow resend… (claim of @artist)' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Allow a resend?' });
  await expect(confirm).toContainText('Only if the chain shows no transfer of these tokens to this wallet.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Allow resend' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Claim released: the user can send the tokens again')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(claims.getByText('No unresolved claims.')).toBeVisible();
  await expect(claims.getByRole('heading', { name: 'Unresolved claims' })).toBeFocused();
  expect((await released.ref.get()).data()).toMatchObject({ claim_pending: true, claim_unresolved: false, claim_attempted_at: null });

  // Mark sent…, by keyboard, with the hash found on the chain (a malformed one is refused first).
  const sent = await unresolved('admin');
  await claims.getByRole('button', { name: 'Refresh unresolved claims' }).focus();
  await page.keyboard.press('Enter');
  const adminRow = claims.getByRole('row', { name: /@admin\b/ });
  await expect(adminRow).toContainText(sent.wallet);
  await adminRow.getByRole('button', { name: 'Mark sent… (claim of @admin)' }).focus();
  await page.keyboard.press('Enter');
  const markSent = page.getByRole('dialog', { name: 'Mark the claim sent' });
  const field = markSent.getByLabel('Transaction hash');
  await expect(field).toBeFocused();
  await expect(markSent).toContainText('Check the chain first for a transfer of these tokens to this wallet');
  await page.keyboard.type('not-a-hash');
  await page.keyboard.press('Enter');
  await expect(markSent.getByRole('alert')).toHaveText('Transaction hash must be 32 to 128 letters or digits');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const dialogAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(dialogAxe.violations.map((v) => v.id)).toEqual([]);
  const hash = 'ab'.repeat(32);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(hash);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Claim marked as sent')).toBeVisible();
  await expect(markSent).toBeHidden();
  await expect(claims.getByText('No unresolved claims.')).toBeVisible();
  expect((await sent.ref.get()).data()).toMatchObject({ claim_pending: false, claim_unresolved: false, solana_tx_hash: hash });

  // Both settlements are in the audit log.
  const audit = page.getByRole('region', { name: 'Audit Log' });
  await audit.getByRole('button', { name: 'Refresh' }).click();
  await expect(audit.getByRole('row').filter({ hasText: 'Token claim settled' })).toHaveCount(2);
  // The two entries were this test's own (the released one would otherwise stay pending for artist).
  await Promise.all([released.ref.delete(), sent.ref.delete()]);
});
