import { describe, expect, it } from 'vitest';
import { submissionFields, SUBMISSION_MESSAGES, toSubmissionFormData } from '../../../common/radio/submission';
import { errorParts, toFields } from './submission-form';
import type { SubmitFormState } from './use-submit-form';

const audio = new File([new Uint8Array([1, 2, 3])], 'Neon Rain.mp3', { type: 'audio/mpeg' });

const form = (over: Partial<SubmitFormState> = {}): SubmitFormState => ({
  title: '  Neon Rain ',
  artistName: '   ',
  genre: 'Pop',
  songType: 'human',
  routes: ['contest'],
  audioFile: audio,
  videoFile: null,
  previewStart: 12.3,
  aiElements: ['Vocals'],
  humanElements: ['Lyrics'],
  tools: ['Other'],
  story: ' made at night ',
  ...over,
});

describe('toFields', () => {
  it("trims the title and sends 'Anonymous' for an empty artist", () => {
    const f = toFields(form());
    expect(f.title).toBe('Neon Rain');
    expect(f.artistName).toBe('Anonymous');
    expect(toFields(form({ artistName: ' Kai ' })).artistName).toBe('Kai');
  });

  it('carries hybrid details only for a hybrid track', () => {
    expect(toFields(form())).not.toHaveProperty('hybridAiElements');
    expect(toFields(form())).not.toHaveProperty('creationStory');
    expect(toFields(form({ songType: 'hybrid' }))).toMatchObject({
      hybridAiElements: ['Vocals'],
      hybridHumanElements: ['Lyrics'],
      hybridTools: ['Other'],
      creationStory: 'made at night',
    });
    expect(toFields(form({ songType: 'hybrid', story: '  ' })).creationStory).toBeUndefined();
  });

  it('gives fields the shared schema accepts, and refuses a form without route or genre', () => {
    expect(submissionFields.safeParse(toFields(form({ songType: 'hybrid' }))).success).toBe(true);
    const noRoute = submissionFields.safeParse(toFields(form({ routes: [] })));
    expect(noRoute.error?.issues[0]?.message).toBe(SUBMISSION_MESSAGES.selectRoute);
    expect(submissionFields.safeParse(toFields(form({ genre: '' }))).success).toBe(false);
  });

  it('makes the multipart body of the contract', () => {
    const checked = submissionFields.parse(toFields(form({ routes: ['contest', 'marketplace'] })));
    const body = toSubmissionFormData(checked, audio, audio.name);
    expect(body.get('artistName')).toBe('Anonymous');
    expect(JSON.parse(String(body.get('submissionRoutes')))).toEqual(['contest', 'marketplace']);
    expect(Number(body.get('previewStartTime'))).toBe(12.3);
    expect((body.get('audioFile') as File).name).toBe('Neon Rain.mp3');
  });
});

describe('errorParts', () => {
  it("reads the server's message and detail", () => {
    const body = { error: { code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 3.' } };
    expect(errorParts(body)).toEqual({ message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 3.' });
  });

  it('gives nulls for bodies without them', () => {
    expect(errorParts(null)).toEqual({ message: null, detail: null });
    expect(errorParts('<html>')).toEqual({ message: null, detail: null });
    expect(errorParts({ error: { message: '' } })).toEqual({ message: null, detail: null });
  });
});
