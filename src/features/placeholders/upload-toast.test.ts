import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_FILES } from '@common/cms/placeholders';
import { outcomeToast, type ImageResult } from './upload-toast';

const ok = (n: number): ImageResult[] => PLACEHOLDER_FILES.slice(0, n).map((filename) => ({ filename, ok: true }));
const failed = (n: number): ImageResult[] => PLACEHOLDER_FILES.slice(26 - n).map((filename) => ({ filename, ok: false, error: 'boom' }));

describe('outcomeToast', () => {
  it('says Upload & Migration Complete when all 26 are stored and the tracks moved', () => {
    expect(outcomeToast({ results: ok(26), tracksUpdated: 3, trackError: null })).toEqual({
      kind: 'success',
      title: 'Upload & Migration Complete',
      description: '26 images uploaded, 3 existing tracks updated',
    });
  });
  it('says Upload Complete with n of 26 when some failed', () => {
    expect(outcomeToast({ results: [...ok(20), ...failed(6)], tracksUpdated: 0, trackError: null })).toEqual({ kind: 'success', title: 'Upload Complete', description: '20 of 26 images' });
  });
  it('warns (destructive) when the track migration had issues', () => {
    expect(outcomeToast({ results: ok(26), tracksUpdated: null, trackError: 'x' })).toEqual({ kind: 'error', title: 'Upload Complete with Warning', description: 'Track migration had issues' });
  });
  it('fails (destructive) when no image was stored', () => {
    expect(outcomeToast({ results: failed(26), tracksUpdated: null, trackError: null })).toMatchObject({ kind: 'error', title: 'Upload Failed' });
  });
});
