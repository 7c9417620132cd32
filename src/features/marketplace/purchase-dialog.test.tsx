import { act, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFY_MSG } from '@common/messages';
import type { Order } from '@common/marketplace/order-doc';
import { useSession } from '@/lib/session';
import { apiError, stubApi } from '@/test/api';
import { aListing, anOrder } from '@/test/fixtures';
import { findToast } from '@/test/render';
import { renderInRouter } from '@/test/router';
import { PurchaseDialog } from './purchase-dialog';

// The replicated account data (RxDB) is the data layer's: the buyer's balance and orders as the device holds them.
const account = vi.hoisted(() => ({ balance: 40, orders: [] as Order[] }));
vi.mock('@/hooks/use-account', () => ({ useBalanceDoc: () => ({ balance: account.balance }) }));
vi.mock('@/hooks/use-orders', async (importOriginal) => ({ ...(await importOriginal<object>()), useOrders: () => account.orders }));
vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));

const BUYER = 'buyer-1';

beforeEach(() => {
  useSession.setState({ user: { uid: BUYER } as User, ready: true });
});
afterEach(() => {
  account.balance = 40;
  account.orders = [];
  vi.restoreAllMocks();
});

const open = (listing = aListing(), onClose = () => undefined) => renderInRouter(<PurchaseDialog listing={listing} onClose={onClose} />);

describe('the purchase dialog', () => {
  it('names the listing and its licence, and offers each way to pay the listing accepts', async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Skyline Licensing Loop' });
    expect(dialog).toHaveAccessibleDescription('Aria');
    expect(dialog).toHaveTextContent('Licence: Basic · Full version');
    expect(dialog).toHaveTextContent('15 tokens · your balance: 40 tokens');
    expect(dialog).toHaveTextContent("$1.99 to the seller's Cash App");
    expect(screen.getByRole('button', { name: 'Pay with Tokens' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay with Cash App' })).toBeEnabled();
  });

  it('offers only tokens for a listing that takes no Cash App', async () => {
    await open(aListing({ accept_cash_app: false }));
    expect(screen.getByRole('button', { name: 'Pay with Tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with Cash App' })).not.toBeInTheDocument();
  });

  it('Pay with Tokens buys the licence at the price shown, once, and says where to find it', async () => {
    const sent = stubApi(({ path }) => (path === '/orders' ? { body: { order: anOrder({ status: 'APPROVED', method: 'TOKENS' }) } } : undefined));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Pay with Tokens' }));
    expect(await screen.findByText('Your licence, the track download and the certificate are in My Orders.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/orders', body: { listing_id: 'listing-1', method: 'TOKENS', price: 15 } }]);
    const headers = vi.mocked(fetch).mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await findToast('Skyline Licensing Loop is yours. Find your licence in My Orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Pay with Tokens' })).not.toBeInTheDocument();
  });

  it('Pay with Cash App opens an order and shows where to send how much, and until when', async () => {
    const expires = '2030-01-02T03:04:00.000Z';
    const sent = stubApi(() => ({ body: { order: anOrder(), cash_app_tag: '$AriaArtist', amount_usd: 1.99, expires_at: expires } }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Pay with Cash App' }));
    expect(await screen.findByTestId('cash-app-tag')).toHaveTextContent('$AriaArtist');
    expect(sent[0]!.body).toEqual({ listing_id: 'listing-1', method: 'CASH_APP', price: 1.99 });
    expect(screen.getByRole('status')).toHaveTextContent('Send $1.99 with Cash App to:');
    expect(screen.getByRole('status')).toHaveTextContent(`Pay before ${new Date(expires).toLocaleString()}`);
    expect(await findToast('Send $1.99 to $AriaArtist to complete your order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy', description: 'Copy Cash App tag' }));
    expect(await navigator.clipboard.readText()).toBe('$AriaArtist');
    expect(await findToast('Copied!')).toBeInTheDocument();
  });

  it('too few tokens: the server’s refusal is the toast, and the buyer can choose again', async () => {
    stubApi(() => apiError(402, 'Insufficient tokens'));
    account.balance = 10;
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Pay with Tokens' }));
    expect(await findToast('Insufficient tokens')).toBeInTheDocument();
    expect(screen.getByText('You need 15 tokens but only have 10.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Tokens' })).toBeEnabled();
  });

  it('another refusal is told with the server’s message under the spec’s title', async () => {
    stubApi(() => apiError(409, 'The seller has not set a Cash App tag yet'));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Pay with Cash App' }));
    expect(await findToast('Order failed')).toBeInTheDocument();
    expect(screen.getByText('The seller has not set a Cash App tag yet')).toBeInTheDocument();
  });

  it('an unverified address is told in the dialog, with a button for a new link', async () => {
    stubApi(() => ({ status: 403, body: { error: { code: 'email_unverified', message: VERIFY_MSG.spendNeedsVerified } } }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Pay with Tokens' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${VERIFY_MSG.spendNeedsVerified}${VERIFY_MSG.spendNeedsVerifiedDetail}`);
    expect(screen.getByRole('button', { name: VERIFY_MSG.resend })).toBeInTheDocument();
  });

  it('offline, it says buying needs a connection and nothing can be paid', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = stubApi(() => undefined);
    const { user } = await open();
    expect(screen.getByRole('alert')).toHaveTextContent('Buying needs a connection. You are offline.');
    await user.click(screen.getByRole('button', { name: 'Pay with Tokens' }));
    expect(screen.getByRole('button', { name: 'Pay with Tokens' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('a licence already bought, or an order under way, is said before any click', async () => {
    account.orders = [anOrder({ status: 'APPROVED', buyer_id: BUYER })];
    const { unmount } = await open();
    expect(screen.getByRole('status')).toHaveTextContent('You already own this licence. View my orders');
    expect(screen.queryByRole('button', { name: 'Pay with Tokens' })).not.toBeInTheDocument();
    unmount();
    account.orders = [anOrder({ status: 'UNDER_REVIEW', buyer_id: BUYER })];
    await open();
    expect(screen.getByRole('status')).toHaveTextContent('You already have an open order for this listing. View my orders');
  });

  it('an expired Cash App order does not hold the listing back', async () => {
    account.orders = [anOrder({ status: 'AWAITING_SELLER', buyer_id: BUYER, expires_at: '2020-01-01T00:00:00.000Z' })];
    await open();
    expect(screen.getByRole('button', { name: 'Pay with Cash App' })).toBeEnabled();
  });

  it('Escape closes it', async () => {
    const onClose = vi.fn();
    const { user } = await open(aListing(), onClose);
    await user.keyboard('{Escape}');
    await act(async () => undefined);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
