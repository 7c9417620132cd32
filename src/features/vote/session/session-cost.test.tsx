import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VOTE_SESSION_MSG as M } from '@common/contest/vote-session-messages';
import { focusReturnsTo, renderUi } from '@/test/render';
import { SessionCostCard } from './session-cost';

const PRICE = { cost: 5, balance: 12, message: M.confirmFirst(5), changed: false };

describe('a paid vote session', () => {
  it('asks at once, with the price and the balance, before anything is charged', () => {
    const onStart = vi.fn();
    renderUi(<SessionCostCard price={PRICE} starting={false} onStart={onStart} />);
    const asked = screen.getByRole('dialog', { name: 'Start Session' });
    expect(asked).toHaveAccessibleDescription('Start a session of up to 10 clips? It costs 5 tokens; you have 12 tokens.');
    expect(onStart).not.toHaveBeenCalled();
  });

  it('confirmed, starts at the price shown', async () => {
    const onStart = vi.fn();
    const { user } = renderUi(<SessionCostCard price={PRICE} starting={false} onStart={onStart} />);
    await user.click(screen.getAllByRole('button', { name: 'Start Session' }).at(-1)!);
    expect(onStart).toHaveBeenCalledWith(5);
  });

  it('cancelled, the card stays with its price, and its button (which has the focus back) asks again', async () => {
    const onStart = vi.fn();
    const { user } = renderUi(<SessionCostCard price={PRICE} starting={false} onStart={onStart} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('session-cost')).toHaveTextContent('This session costs 5 tokens. You have 12 tokens.');
    const start = screen.getByRole('button', { name: 'Start Session' });
    await focusReturnsTo(start);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Start Session' })).toBeInTheDocument();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('a price that changed says so first', () => {
    renderUi(<SessionCostCard price={{ cost: 8, balance: 12, message: M.costChanged(8), changed: true }} starting={false} onStart={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Start Session' })).toHaveAccessibleDescription(
      'A vote session now costs 8 tokens. Nothing was charged. Start a session of up to 10 clips? It costs 8 tokens; you have 12 tokens.',
    );
  });

  it('while it starts, the dialog says so and stays', async () => {
    const { user } = renderUi(<SessionCostCard price={PRICE} starting onStart={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Starting...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Start Session' })).toBeInTheDocument();
  });
});
