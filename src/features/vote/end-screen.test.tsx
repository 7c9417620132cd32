import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderUi, screen } from '@/test/render';
import { EndScreen } from './end-screen';
import type { Mark, SessionRating } from './share-result';

const MARKS: Mark[] = ['right', 'wrong', 'none', 'right'];
const UP: SessionRating = { rating: 1712, deviation: 48, change: 38 };
const SHARED = `Fool Rate 2/3\n✅❌⬜✅\nRating 1712 ± 48\n${window.location.origin}/vote`;

function renderEnd(props: { pending?: number; rating?: SessionRating | null; total?: number } = {}) {
  const score = { correct: 2, total: props.total ?? 3, pending: props.pending ?? 0 };
  return renderUi(<EndScreen score={score} marks={MARKS} rating={props.rating === undefined ? UP : props.rating} onNewSession={() => undefined} />);
}

/** Gives navigator a Web Share function for one test (jsdom has none). */
function withShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { value: vi.fn(share), configurable: true });
  return navigator.share as ReturnType<typeof vi.fn>;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the end screen', () => {
  it('shows the new rating give or take its deviation and the change, signed and in words', () => {
    renderEnd();
    expect(screen.getByTestId('session-rating')).toHaveTextContent('Rating 1712 ± 48 +38(up 38)');
    expect(screen.getByText('(up 38)')).toHaveClass('sr-only');
  });

  it('shows a fall with a minus sign', () => {
    renderEnd({ rating: { rating: 1488, deviation: 61, change: -12 } });
    expect(screen.getByTestId('rating-change')).toHaveTextContent('−12(down 12)');
  });

  it('shows no rating and no share button while guesses are still to be scored', () => {
    renderEnd({ pending: 1 });
    expect(screen.queryByTestId('session-rating')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share result' })).not.toBeInTheDocument();
  });

  it('shows no rating when no vote has one, and shares the rest', async () => {
    const { user } = renderEnd({ rating: null });
    expect(screen.queryByTestId('session-rating')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share result' }));
    expect(await findToast('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`Fool Rate 2/3\n✅❌⬜✅\n${window.location.origin}/vote`);
  });

  it('without a share sheet, Share result copies the result and says Copied!', async () => {
    const { user } = renderEnd();
    expect('share' in navigator).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Share result' }));
    expect(await findToast('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHARED);
  });

  it('with a share sheet, Share result opens it with the result and copies nothing', async () => {
    const { user } = renderEnd();
    const share = withShare(() => Promise.resolve());
    await navigator.clipboard.writeText('before');
    await user.click(screen.getByRole('button', { name: 'Share result' }));
    expect(share).toHaveBeenCalledWith({ text: SHARED });
    expect(await navigator.clipboard.readText()).toBe('before');
  });

  it('a share sheet the listener closes is no error; one that fails falls back to the copy', async () => {
    const { user } = renderEnd();
    const share = withShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    await navigator.clipboard.writeText('before');
    await user.click(screen.getByRole('button', { name: 'Share result' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(await navigator.clipboard.readText()).toBe('before');
    expect(screen.queryByText('Could not share the result')).not.toBeInTheDocument();

    share.mockImplementation(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Share result' }));
    expect(await findToast('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHARED);
  });

  it('with neither a share sheet nor a clipboard, says the result could not be shared', async () => {
    const { user } = renderEnd();
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Reflect.deleteProperty(navigator, 'clipboard');
    try {
      expect('clipboard' in navigator).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Share result' }));
      expect(await findToast('Could not share the result')).toBeInTheDocument();
      expect(screen.getByText('This browser can neither share nor copy to the clipboard.')).toBeInTheDocument();
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    }
  });

  it('has no share button for a session without a scored guess', () => {
    renderEnd({ rating: null, total: 0 });
    expect(screen.queryByRole('button', { name: 'Share result' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Session' })).toBeInTheDocument();
  });
});
