import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionRoute } from '@common/contest/contest';
import { renderUi } from '@/test/render';
import { SegmentPicker } from './segment-picker';

// The waveform (wavesurfer decoding the file) and the preview's <audio> are the browser's: the
// stand-in decodes to the length the test gives, and can be dragged to a time.
const audio = vi.hoisted(() => ({ seconds: 180 }));
vi.mock('./waveform', () => ({
  Waveform: ({ onDecoded, onDragged, locked }: { onDecoded: (d: number) => void; onDragged: (s: number) => void; locked: boolean }) => (
    <div>
      <button type="button" onClick={() => onDecoded(audio.seconds)}>
        decoded
      </button>
      <button type="button" disabled={locked} onClick={() => onDragged(200)}>
        drag to 3:20
      </button>
    </div>
  ),
}));
vi.mock('./use-clip-preview', () => ({ useClipPreview: () => ({ playing: false, toggle: () => undefined, mediaDuration: 0 }) }));

beforeEach(() => {
  audio.seconds = 180;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:track', revokeObjectURL: () => undefined }));
});

/** The form around the picker: it owns the start, as the submit page does. */
function Form({ routes = ['contest'], disabled = false, initial = 0 }: { routes?: SubmissionRoute[]; disabled?: boolean; initial?: number }) {
  const [start, setStart] = useState(initial);
  return (
    <>
      <SegmentPicker file={new File(['x'], 'song.mp3', { type: 'audio/mpeg' })} start={start} onStartChange={setStart} routes={routes} disabled={disabled} />
      <output aria-label="start sent">{start}</output>
    </>
  );
}

const slider = () => screen.getByRole('slider', { name: 'Clip start' });
const readout = () => screen.getByTestId('clip-readout');

async function decoded(ui = <Form />) {
  const result = renderUi(ui);
  await result.user.click(screen.getByRole('button', { name: 'decoded' }));
  return result;
}

describe('the segment picker', () => {
  it('waits for the audio to be read before anything can be picked', () => {
    renderUi(<Form />);
    expect(screen.getByText('Reading the audio file…')).toBeInTheDocument();
    expect(slider()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Play Preview' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lock This Segment' })).toBeDisabled();
  });

  it('shows the 45 s window from the start and what voters hear', async () => {
    await decoded();
    expect(readout()).toHaveTextContent('Clip: 0:00 – 0:45');
    expect(slider()).toHaveAttribute('aria-valuetext', 'Clip: 0:00 – 0:45');
    expect(slider()).toHaveAttribute('max', '135');
    expect(screen.getByText('Voters hear 45 seconds from this point, with a short fade in and out.')).toBeInTheDocument();
  });

  it('the slider moves the start in 0.1 s steps, and never past the last full window', async () => {
    await decoded();
    expect(slider()).toHaveAttribute('step', '0.1');
    fireEvent.change(slider(), { target: { value: '0.1' } });
    expect(readout()).toHaveTextContent('Clip: 0:00.1 – 0:45.1');
    fireEvent.change(slider(), { target: { value: '100' } });
    expect(readout()).toHaveTextContent('Clip: 1:40 – 2:25');
    expect(screen.getByLabelText('start sent')).toHaveTextContent('100');
    fireEvent.change(slider(), { target: { value: '170' } });
    expect(readout()).toHaveTextContent('Clip: 2:15 – 3:00');
  });

  it('dragging on the waveform moves the start, kept inside the track', async () => {
    const { user } = await decoded();
    await user.click(screen.getByRole('button', { name: 'drag to 3:20' }));
    expect(screen.getByLabelText('start sent')).toHaveTextContent('135');
    expect(readout()).toHaveTextContent('Clip: 2:15 – 3:00');
  });

  it('a track shorter than a clip is heard whole', async () => {
    audio.seconds = 30;
    await decoded();
    expect(readout()).toHaveTextContent('Clip: 0:00 – 0:30');
    expect(screen.getByText('Voters hear 30 seconds from this point, with a short fade in and out.')).toBeInTheDocument();
  });

  it('says what the marketplace preview plays for the marketplace route, and both for both', async () => {
    const { unmount } = await decoded(<Form routes={['marketplace']} />);
    expect(screen.getByText('The marketplace preview plays 30 seconds from this point.')).toBeInTheDocument();
    unmount();
    await decoded(<Form routes={['contest', 'marketplace']} />);
    expect(screen.getByText('Voters hear 45 seconds from this point, with a short fade in and out; the marketplace preview plays 30.')).toBeInTheDocument();
  });

  it('a start past the decoded track is pulled back into it', async () => {
    audio.seconds = 100;
    await decoded(<Form initial={90} />);
    expect(screen.getByLabelText('start sent')).toHaveTextContent('55');
    expect(readout()).toHaveTextContent('Clip: 0:55 – 1:40');
  });

  it('Lock This Segment holds the start until Change Segment', async () => {
    const { user } = await decoded();
    await user.click(screen.getByRole('button', { name: 'Lock This Segment' }));
    expect(screen.getByText('Segment locked')).toBeInTheDocument();
    expect(slider()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'drag to 3:20' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Change Segment' }));
    expect(screen.queryByText('Segment locked')).not.toBeInTheDocument();
    expect(slider()).toBeEnabled();
  });

  it('while the form is sending, the start cannot change', async () => {
    await decoded(<Form disabled />);
    expect(slider()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lock This Segment' })).toBeDisabled();
  });
});
