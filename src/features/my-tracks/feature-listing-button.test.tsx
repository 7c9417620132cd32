import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MARKETPLACE_FEATURE_MSG as M } from '@common/marketplace/marketplace-messages';
import { apiError, stubApi } from '@/test/api';
import { findToast, renderUi } from '@/test/render';
import { FeatureListingButton } from './feature-listing-button';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));

const props = { listingId: 'listing-1', title: 'Skyline Licensing Loop', cost: 50, online: true, onDone: () => undefined, onPriceChanged: () => undefined };

describe('Feature listing', () => {
  it('shows the price and asks before charging it', async () => {
    const sent = stubApi(() => undefined);
    const { user } = renderUi(<FeatureListingButton {...props} />);
    expect(screen.getByText('50 tokens')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feature listing' }));
    expect(screen.getByRole('dialog', { name: 'Feature listing' })).toHaveAccessibleDescription('Feature "Skyline Licensing Loop" in Featured Tracks? Costs 50 tokens.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('confirmed, pays the price shown; the dialog says it is working, then closes', async () => {
    let answer: () => void = () => undefined;
    const sent = stubApi(() => new Promise((resolve) => (answer = () => resolve({ body: { cost: 50, balance: 10 } }))));
    const onDone = vi.fn();
    const { user } = renderUi(<FeatureListingButton {...props} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Feature listing' }));
    await user.click(screen.getAllByRole('button', { name: 'Feature listing' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Featuring...' })).toBeDisabled();
    await act(async () => answer());
    expect(await findToast(M.featured)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/marketplace/listings/listing-1/feature', body: { token_cost: 50 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a price changed meanwhile closes the dialog to show the new one; nothing was charged', async () => {
    stubApi(() => ({ status: 409, body: { error: { code: 'price_changed', message: M.costChanged(80) } } }));
    const onPriceChanged = vi.fn();
    const { user } = renderUi(<FeatureListingButton {...props} onPriceChanged={onPriceChanged} />);
    await user.click(screen.getByRole('button', { name: 'Feature listing' }));
    await user.click(screen.getAllByRole('button', { name: 'Feature listing' }).at(-1)!);
    expect(await findToast(M.failed)).toBeInTheDocument();
    expect(screen.getByText(M.costChanged(80))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onPriceChanged).toHaveBeenCalledTimes(1);
  });

  it('another refusal keeps the dialog open to try again', async () => {
    stubApi(() => apiError(409, M.alreadyFeatured));
    const { user } = renderUi(<FeatureListingButton {...props} />);
    await user.click(screen.getByRole('button', { name: 'Feature listing' }));
    await user.click(screen.getAllByRole('button', { name: 'Feature listing' }).at(-1)!);
    expect(await findToast(M.failed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Feature listing' })).toBeInTheDocument();
  });

  it('offline, it cannot be started', () => {
    renderUi(<FeatureListingButton {...props} online={false} />);
    expect(screen.getByRole('button', { name: 'Feature listing' })).toBeDisabled();
  });
});
