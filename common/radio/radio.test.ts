import { describe, expect, it } from 'vitest';
import { musicSubmissionId, paymentLabel, radioAdFields, radioFileName, sftpPath } from './radio';

describe('radioFileName', () => {
  it('is the title as a lower-case ASCII slug, then the id, then .mp3', () => {
    expect(radioFileName('Midnight Drive', 'music_trk1')).toBe('midnight-drive-music_trk1.mp3');
    expect(radioFileName('  Café   Ünïcode!! (Remix) ', 'abc')).toBe('cafe-unicode-remix-abc.mp3');
  });

  it('falls back to "track" when no letter or digit is left, and keeps names short and path-safe', () => {
    expect(radioFileName('日本語 ???', 'x1')).toBe('track-x1.mp3');
    expect(radioFileName('../../etc/passwd', 'a/b..c')).toBe('etc-passwd-abc.mp3');
    const long = radioFileName('word '.repeat(40), 'id');
    expect(long.length).toBeLessThanOrEqual(60 + '-id.mp3'.length);
    expect(long).toMatch(/^[a-z0-9-]+[a-z0-9]-id\.mp3$/);
  });

  it('goes into the SFTP path by folder, year and two-digit month', () => {
    expect(sftpPath('music', new Date('2026-03-01T12:00:00Z'), radioFileName('Song', musicSubmissionId('t1')))).toBe('/music/2026/03/song-music_t1.mp3');
    expect(sftpPath('advertisement', new Date('2026-11-30T23:59:00Z'), radioFileName('Shop', 'ad1'))).toBe('/ads/2026/11/shop-ad1.mp3');
  });
});

describe('radioAdFields', () => {
  it('takes a tier, a slot and a trimmed name of 1 to 80 characters', () => {
    expect(radioAdFields.parse({ tier: 'premium', duration_seconds: '30', name: '  Joe’s Pizza ' })).toEqual({ tier: 'premium', duration_seconds: '30', name: 'Joe’s Pizza' });
    expect(radioAdFields.safeParse({ tier: 'gold', duration_seconds: '30', name: 'x' }).success).toBe(false);
    expect(radioAdFields.safeParse({ tier: 'prime', duration_seconds: '45', name: 'x' }).success).toBe(false);
    expect(radioAdFields.safeParse({ tier: 'prime', duration_seconds: '15', name: '   ' }).success).toBe(false);
    expect(radioAdFields.safeParse({ tier: 'prime', duration_seconds: '15', name: 'x'.repeat(81) }).success).toBe(false);
  });
});

describe('paymentLabel', () => {
  it('tells a paid submission from a free one, and a refund from one never paid', () => {
    expect(paymentLabel({ payment_status: 'paid', payment_amount: 1000, status: 'pending' })).toBe('paid');
    expect(paymentLabel({ payment_status: 'paid', payment_amount: 0, status: 'rejected' })).toBe('free');
    expect(paymentLabel({ payment_status: 'unpaid', payment_amount: 1000, status: 'rejected' })).toBe('refunded');
    expect(paymentLabel({ payment_status: 'unpaid', payment_amount: 0, status: 'pending' })).toBe('unpaid');
  });
});

