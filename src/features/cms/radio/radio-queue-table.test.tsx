import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadioSubmission } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { downloadUrl } from '@/lib/download';
import { apiError, stubApi } from '@/test/api';
import { findToast, renderUi } from '@/test/render';
import { RadioQueueTable } from './radio-queue-table';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));
vi.mock('@/lib/download', () => ({ downloadUrl: vi.fn(), downloadBlob: vi.fn() }));

const submission = (over: Partial<RadioSubmission> = {}): RadioSubmission => ({
  id: 'rs-1',
  user_id: 'artist-1',
  track_id: 'track-1',
  submission_type: 'music',
  status: 'pending',
  payment_status: 'paid',
  payment_amount: 1000,
  ad_audio_url: null,
  ad_tier: null,
  ad_duration_seconds: null,
  sftp_uploaded: false,
  sftp_upload_error: null,
  sftp_path: '/music/2025/01/rs-1.mp3',
  scheduled_broadcast_time: null,
  created_at: '2025-01-01T00:00:00.000Z',
  track_title: 'Night Drive',
  track_artist: 'Mara Quill',
  ...over,
});

// A failed action is logged for the admin's console; here it is expected.
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));

const actions = (label: string) => screen.getByRole('group', { name: `Actions for ${label}` });
const NIGHT_DRIVE = 'Night Drive — Mara Quill';

describe('the Radio Queue tables', () => {
  it('say when a queue is empty', () => {
    const { unmount } = renderUi(<RadioQueueTable kind="music" rows={[]} stationUpload={false} />);
    expect(screen.getByText(RADIO_MSG.noMusic)).toBeInTheDocument();
    unmount();
    renderUi(<RadioQueueTable kind="advertisement" rows={[]} stationUpload={false} />);
    expect(screen.getByText(RADIO_MSG.noAds)).toBeInTheDocument();
  });

  it('show the spec’s seven columns, a row per submission with its status, payment and upload', () => {
    const rows = [
      submission(),
      submission({ id: 'rs-2', status: 'approved', sftp_upload_error: 'Connection refused', track_title: 'Glass Rain', payment_amount: 0 }),
      submission({ id: 'rs-3', status: 'scheduled', sftp_uploaded: true, track_title: 'Low Tide', scheduled_broadcast_time: '2030-06-01T20:30:00.000Z' }),
    ];
    renderUi(<RadioQueueTable kind="music" rows={rows} stationUpload={false} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Track', 'User', 'Status', 'Payment', 'SFTP Upload', 'Scheduled Time', 'Actions']);
    const [first, second, third] = screen.getAllByTestId('radio-row');
    expect(first).toHaveTextContent('Night Drive');
    expect(within(first!).getByTestId('radio-status')).toHaveTextContent('pending');
    expect(first).toHaveTextContent('paid');
    expect(first).toHaveTextContent('Pending');
    expect(second).toHaveTextContent('free');
    expect(second).toHaveTextContent('FailedConnection refused');
    expect(third).toHaveTextContent('Uploaded');
    expect(third).toHaveTextContent(new Date('2030-06-01T20:30:00.000Z').toLocaleString());
  });

  it('an ad row names its tier and length', () => {
    renderUi(<RadioQueueTable kind="advertisement" rows={[submission({ submission_type: 'advertisement', ad_tier: 'prime', ad_duration_seconds: 30, track_title: null })]} stationUpload={false} />);
    expect(screen.getByRole('columnheader', { name: 'Ad Details' })).toBeInTheDocument();
    expect(screen.getByTestId('radio-row')).toHaveTextContent('PRIMEAd (30 s)');
    expect(actions('PRIME Ad (30 s)')).toBeInTheDocument();
  });

  it('offers each row the actions its state allows', () => {
    const rows = [
      submission(),
      submission({ id: 'rs-2', status: 'approved', track_title: 'Glass Rain' }),
      submission({ id: 'rs-3', status: 'approved', track_title: 'Low Tide', sftp_upload_error: 'Connection refused' }),
      submission({ id: 'rs-4', status: 'uploaded', sftp_uploaded: true, track_title: 'Ember' }),
      submission({ id: 'rs-5', status: 'scheduled', sftp_uploaded: true, track_title: 'Dune', scheduled_broadcast_time: '2030-01-01T00:00:00.000Z' }),
    ];
    renderUi(<RadioQueueTable kind="music" rows={rows} stationUpload />);
    const names = (label: string) => within(actions(label)).queryAllByRole('button').map((b) => b.textContent?.trim());
    expect(names(NIGHT_DRIVE)).toEqual(['Approve', 'Reject', 'Download']);
    expect(names('Glass Rain — Mara Quill')).toEqual(['Download', 'Mark Uploaded', 'Upload to Station']);
    expect(names('Low Tide — Mara Quill')).toEqual(['Download Again', 'Mark Uploaded', 'Upload to Station']);
    expect(names('Ember — Mara Quill')).toEqual(['Schedule']);
    expect(names('Dune — Mara Quill')).toEqual([]);
  });

  it('without a station upload configured, there is no Upload to Station', () => {
    renderUi(<RadioQueueTable kind="music" rows={[submission({ status: 'approved' })]} stationUpload={false} />);
    expect(within(actions(NIGHT_DRIVE)).queryByRole('button', { name: 'Upload to Station' })).not.toBeInTheDocument();
  });

  it('Approve sends the approval and says so; a refusal says why', async () => {
    let refuse = false;
    const sent = stubApi(() => (refuse ? apiError(409, RADIO_MSG.notPending) : { body: { submission: submission({ status: 'approved' }) } }));
    const { user } = renderUi(<RadioQueueTable kind="music" rows={[submission()]} stationUpload={false} />);
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Approve' }));
    expect(await findToast(RADIO_MSG.approved)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/cms/radio/rs-1/approve', body: {} }]);
    refuse = true;
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Reject' }));
    expect(await findToast(RADIO_MSG.rejectFailed)).toBeInTheDocument();
    expect(screen.getByText(RADIO_MSG.notPending)).toBeInTheDocument();
    expect(sent.at(-1)!.path).toBe('/cms/radio/rs-1/reject');
  });

  it('Download saves the file and says where it goes on the station', async () => {
    stubApi(() => ({ body: { url: 'https://storage.test/rs-1.mp3', sftp_path: '/music/2025/01/rs-1.mp3' } }));
    const { user } = renderUi(<RadioQueueTable kind="music" rows={[submission()]} stationUpload={false} />);
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Download' }));
    expect(await findToast(RADIO_MSG.downloadStarted)).toBeInTheDocument();
    expect(screen.getByText('After download, manually upload to SFTP path: /music/2025/01/rs-1.mp3')).toBeInTheDocument();
    expect(downloadUrl).toHaveBeenCalledWith('https://storage.test/rs-1.mp3');
  });

  it('a failed download link gets the spec’s text, unless the file itself is missing', async () => {
    let message = 'boom';
    stubApi(() => apiError(500, message));
    const { user } = renderUi(<RadioQueueTable kind="music" rows={[submission()]} stationUpload={false} />);
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(RADIO_MSG.downloadFailed)).toBeInTheDocument();
    message = RADIO_MSG.noAudio;
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Download' }));
    expect(await findToast(RADIO_MSG.noAudio)).toBeInTheDocument();
  });

  it('Schedule opens the broadcast time dialog for that row, and a time sent schedules it', async () => {
    const sent = stubApi(() => ({ body: { submission: submission({ status: 'scheduled' }) } }));
    const { user } = renderUi(<RadioQueueTable kind="music" rows={[submission({ status: 'uploaded', sftp_uploaded: true })]} stationUpload={false} />);
    await user.click(within(actions(NIGHT_DRIVE)).getByRole('button', { name: 'Schedule' }));
    const dialog = screen.getByRole('dialog', { name: RADIO_MSG.scheduleTitle });
    expect(dialog).toHaveAccessibleDescription(NIGHT_DRIVE);
    await user.type(within(dialog).getByLabelText(RADIO_MSG.scheduleField), '2030-06-01T20:30');
    await user.click(within(dialog).getByRole('button', { name: RADIO_MSG.scheduleButton }));
    expect(await findToast(RADIO_MSG.scheduled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/cms/radio/rs-1/schedule');
    const iso = (sent[0]!.body as { scheduled_broadcast_time: string }).scheduled_broadcast_time;
    expect(iso).toMatch(/^2030-06-01T20:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date('2030-06-01T20:30').getTime());
  });
});
