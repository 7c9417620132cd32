import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LISTING_DEFAULTS } from '@common/marketplace/marketplace';
import { CREATE_LISTING_FAILED, LISTING_DEACTIVATED, LISTING_DELETED, NO_PAYMENT_METHOD, SELECT_TRACK_MESSAGE, type EligibleTrack } from '@common/marketplace/marketplace-messages';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { stubApi, type SentRequest } from '@/test/api';
import { aListing } from '@/test/fixtures';
import { findToast, focusReturnsTo, renderUi } from '@/test/render';
import { MarketplaceTab } from './marketplace-tab';

const TRACKS: EligibleTrack[] = [{ id: 'track-9', title: 'Glass Rain', artist_name: 'Mara Quill' }];

/** The CMS's marketplace API over a list of listings that the writes change. */
function marketplaceApi(listings: MarketplaceListing[] = [aListing()]) {
  let all = listings;
  return stubApi(({ method, path }: SentRequest) => {
    if (method === 'GET' && path === '/marketplace/eligible-tracks') return { body: { tracks: TRACKS } };
    if (method === 'GET' && path === '/marketplace/listings/all') return { body: { listings: all } };
    const deleted = /^\/marketplace\/listings\/([^/]+)\/delete$/.exec(path);
    if (deleted) all = all.filter((l) => l.id !== deleted[1]);
    const active = /^\/marketplace\/listings\/([^/]+)\/active$/.exec(path);
    if (active) all = all.map((l) => (l.id === active[1] ? { ...l, is_active: !l.is_active } : l));
    return { body: {} };
  });
}

const listingRow = async (title: string) => (await screen.findAllByTestId('cms-listing')).find((li) => li.textContent?.includes(title))!;
const writes = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST');

describe('the CMS marketplace listings', () => {
  it('lists every listing with its prices and terms', async () => {
    marketplaceApi();
    renderUi(<MarketplaceTab />);
    const row = await listingRow('Skyline Licensing Loop');
    expect(row).toHaveTextContent('Aria · 15 tokens · $1.99 · basic · full');
    expect(within(row).getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Create Listing without a track marks the Track select and sends nothing', async () => {
    const sent = marketplaceApi();
    const { user } = renderUi(<MarketplaceTab />);
    await listingRow('Skyline Licensing Loop');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    const track = screen.getByRole('combobox', { name: 'Track' });
    expect(track).toHaveAttribute('aria-invalid', 'true');
    expect(track).toHaveAccessibleDescription(SELECT_TRACK_MESSAGE);
    expect(track).toHaveFocus();
    expect(writes(sent)).toEqual([]);
  });

  it('creates a listing for a track with the spec’s defaults and the prices typed', async () => {
    const sent = marketplaceApi();
    const { user } = renderUi(<MarketplaceTab />);
    await listingRow('Skyline Licensing Loop');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Track' }), 'Glass Rain — Mara Quill');
    await user.clear(screen.getByRole('spinbutton', { name: 'Price (tokens)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Price (tokens)' }), '40');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await findToast('Listing created')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/marketplace/listings', body: { track_id: 'track-9', ...LISTING_DEFAULTS, price_tokens: 40 } },
    ]);
  });

  it('a listing must take some payment: neither is refused here', async () => {
    const sent = marketplaceApi();
    const { user } = renderUi(<MarketplaceTab />);
    await listingRow('Skyline Licensing Loop');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Track' }), 'Glass Rain — Mara Quill');
    await user.click(screen.getByRole('checkbox', { name: 'Accept tokens' }));
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await findToast(CREATE_LISTING_FAILED)).toBeInTheDocument();
    expect(screen.getByText(NO_PAYMENT_METHOD)).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
  });

  it('Delete asks first: cancelled, the listing stays; confirmed, it is deleted', async () => {
    const sent = marketplaceApi();
    const { user } = renderUi(<MarketplaceTab />);
    const row = await listingRow('Skyline Licensing Loop');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete listing' });
    expect(asked).toHaveAccessibleDescription('Delete the listing for "Skyline Licensing Loop"?');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(writes(sent)).toEqual([]);
    await focusReturnsTo(within(row).getByRole('button', { name: 'Delete' }));

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete listing' })).getByRole('button', { name: 'Delete' }));
    expect(await findToast(LISTING_DELETED)).toBeInTheDocument();
    expect(writes(sent)).toEqual([{ method: 'POST', path: '/marketplace/listings/listing-1/delete', body: {} }]);
    expect(await screen.findByText('No listings yet')).toBeInTheDocument();
  });

  it('the Active toggle deactivates a listing', async () => {
    const sent = marketplaceApi();
    const { user } = renderUi(<MarketplaceTab />);
    const row = await listingRow('Skyline Licensing Loop');
    await user.click(within(row).getByRole('button', { name: 'Active' }));
    expect(await findToast(LISTING_DEACTIVATED)).toBeInTheDocument();
    expect(writes(sent)).toEqual([{ method: 'POST', path: '/marketplace/listings/listing-1/active', body: { is_active: false } }]);
    expect(await within(await listingRow('Skyline Licensing Loop')).findByRole('button', { name: 'Inactive' })).toHaveAttribute('aria-pressed', 'false');
  });
});
