import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CMS_MSG } from '@common/cms/cms-messages';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { apiError, stubApi, type SentRequest } from '@/test/api';
import { findToast, focusReturnsTo, renderUi } from '@/test/render';
import { aCmsTrack } from '@/test/fixtures';
import { TrackModeration } from './track-moderation';

const pending = aCmsTrack;

/** The moderation API; the placeholder covers read fails, so the picker offers its local files. */
const moderationApi = (answer: (req: SentRequest) => { status?: number; body?: unknown } = () => ({ body: {} })) =>
  stubApi((req) => (req.path === '/cms/placeholders' ? apiError(503, 'unavailable') : answer(req)));
const decisions = (sent: SentRequest[]) => sent.filter((r) => r.path.startsWith('/cms/tracks/'));
const card = (title: string) => screen.getByRole('listitem', { name: title });

describe('Track Moderation', () => {
  it('says when nothing waits, or why the list is missing', () => {
    moderationApi();
    const { rerender } = renderUi(<TrackModeration list={{ tracks: [], failed: false }} onChanged={() => undefined} />);
    expect(screen.getByText('No pending submissions.')).toBeInTheDocument();
    rerender(<TrackModeration list={{ tracks: null, failed: true }} onChanged={() => undefined} />);
    expect(screen.queryByText('No pending submissions.')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Could not load this right now. It fills in when the server answers.');
  });

  it('a pending card shows the track, its full audio, and Send to Radio held until approval', () => {
    moderationApi();
    renderUi(<TrackModeration list={{ tracks: [pending()], failed: false }} onChanged={() => undefined} />);
    const item = card('Night Drive');
    expect(item).toHaveTextContent('Mara Quill');
    expect(item).toHaveTextContent('Genre:Synthwave');
    expect(within(item).getByLabelText('Full track: Night Drive')).toHaveAttribute('src', 'https://storage.test/night-drive.mp3');
    const radio = within(item).getByRole('button', { name: RADIO_MSG.sendToRadio });
    expect(radio).toBeDisabled();
    expect(radio).toHaveAccessibleDescription(RADIO_MSG.approveFirst);
  });

  it('Approve with a random cover sends no cover; the list is refreshed', async () => {
    const sent = moderationApi(() => ({ body: { track: pending({ status: 'approved' }) } }));
    const onChanged = vi.fn();
    const { user } = renderUi(<TrackModeration list={{ tracks: [pending()], failed: false }} onChanged={onChanged} />);
    await user.click(within(card('Night Drive')).getByRole('button', { name: 'Approve' }));
    expect(await findToast(CMS_MSG.approved)).toBeInTheDocument();
    expect(decisions(sent)).toEqual([{ method: 'POST', path: '/cms/tracks/track-1/approve', body: {} }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('Reject that the server refuses says so, and the list stays as it was', async () => {
    moderationApi(() => apiError(409, 'Track is not pending'));
    const onChanged = vi.fn();
    const { user } = renderUi(<TrackModeration list={{ tracks: [pending()], failed: false }} onChanged={onChanged} />);
    await user.click(within(card('Night Drive')).getByRole('button', { name: 'Reject' }));
    expect(await findToast(CMS_MSG.rejectFailed)).toBeInTheDocument();
    expect(screen.getByText('Track is not pending')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('Delete asks first, naming what is lost: Escape keeps the track, confirming deletes it', async () => {
    const sent = moderationApi(() => ({ body: { id: 'track-1', deleted: true } }));
    const onChanged = vi.fn();
    const { user } = renderUi(<TrackModeration list={{ tracks: [pending()], failed: false }} onChanged={onChanged} />);
    const del = within(card('Night Drive')).getByRole('button', { name: 'Delete' });
    await user.click(del);
    expect(await screen.findByRole('dialog', { name: 'Delete track' })).toHaveAccessibleDescription(CMS_MSG.confirmDelete('Night Drive'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await focusReturnsTo(del);
    expect(decisions(sent)).toEqual([]);

    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete track' })).getByRole('button', { name: 'Delete' }));
    expect(await findToast(CMS_MSG.deleted)).toBeInTheDocument();
    expect(decisions(sent)).toEqual([{ method: 'POST', path: '/cms/tracks/track-1/delete', body: {} }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
