import { describe, expect, it } from 'vitest';
import { editTrackInput } from './cms/cms-edit';
import { oneLine } from './one-line';
import { radioAdFields } from './radio/radio';
import { submissionFields } from './radio/submission';

describe('oneLine', () => {
  it('turns line breaks, tabs, controls and direction overrides into single spaces', () => {
    expect(oneLine('  Neon\r\n\r\nRain\t\u0007x\u202Eexe.txt\u2066y\u2069 ')).toBe('Neon Rain x exe.txt y');
  });

  it('drops invisible characters: a name of them alone is empty', () => {
    expect(oneLine('\u200bSpot\u2060 \ufeffAd')).toBe('Spot Ad');
    expect(oneLine('\u200b \u200b')).toBe('');
  });

  it('keeps right-to-left text with its marks, and emoji joined by the zero-width joiner', () => {
    expect(oneLine('\u05E9\u05DC\u05D5\u05DD\u200F mix')).toBe('\u05E9\u05DC\u05D5\u05DD\u200F mix');
    expect(oneLine('Band 👩\u200D🎤')).toBe('Band 👩\u200D🎤');
  });
});

describe('titles and artist names are one line', () => {
  const fields = { genre: 'Pop', songType: 'ai', submissionRoutes: ['contest'] } as const;

  it('on submission', () => {
    const parsed = submissionFields.parse({ ...fields, title: 'Neon Rain\n\nhttps://evil.example/pay', artistName: 'A\u202Eb' });
    expect(parsed).toMatchObject({ title: 'Neon Rain https://evil.example/pay', artistName: 'A b' });
    expect(submissionFields.safeParse({ ...fields, title: '\n\t\r\n' }).error?.issues[0]?.message).toBe('Title is required');
  });

  it('an ad name, which names the station file and the now-playing line', () => {
    const ad = { tier: 'standard', duration_seconds: '15' } as const;
    expect(radioAdFields.parse({ ...ad, name: ' Spring\nSale\u200b ' }).name).toBe('Spring Sale');
    expect(radioAdFields.safeParse({ ...ad, name: '\u200b' }).success).toBe(false);
  });

  it('in the CMS edit', () => {
    expect(editTrackInput.parse({ title: 'Line\nbreak', artist_name: 'x\r\ny' })).toMatchObject({ title: 'Line break', artist_name: 'x y' });
  });
});
