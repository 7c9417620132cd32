import { describe, expect, it } from 'vitest';
import { compareCodeUnits, formatCount, formatUsd, listInWords, tokenCount, voteCount } from './format';

describe('formatCount', () => {
  it('groups whole numbers as en-US does', () => {
    const samples = [0, 1, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))));
    for (const n of samples) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      if (n !== 0) expect(formatCount(-n)).toBe((-n).toLocaleString('en-US'));
    }
  });

  it('leaves what is not a safe whole number as it prints', () => {
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(1e21)).toBe('1e+21');
    expect(formatCount(-0)).toBe('0');
  });
});

describe('compareCodeUnits', () => {
  it('sorts ISO timestamps and ids as their text orders them', () => {
    const stamps = ['2026-11-25T10:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-11-25T09:59:59.999Z', 'b', 'B', 'a'];
    expect([...stamps].sort(compareCodeUnits)).toEqual(['2026-01-02T00:00:00.000Z', '2026-11-25T09:59:59.999Z', '2026-11-25T10:00:00.000Z', 'B', 'a', 'b']);
    expect(compareCodeUnits('x', 'x')).toBe(0);
  });
});

describe('tokenCount', () => {
  it('says token for one and tokens for any other number', () => {
    expect([0, 1, 2, 15].map(tokenCount)).toEqual(['0 tokens', '1 token', '2 tokens', '15 tokens']);
  });
});

describe('voteCount', () => {
  it('says vote for one and votes for any other number, with thousands separators', () => {
    expect([0, 1, 2, 1204].map(voteCount)).toEqual(['0 votes', '1 vote', '2 votes', '1,204 votes']);
  });
});

describe('formatUsd', () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatUsd(49)).toBe('$49.00');
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(1250.5)).toBe('$1,250.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(19.999)).toBe('$20.00');
    expect(formatUsd(1_000_000.05)).toBe('$1,000,000.05');
    expect(formatUsd(-3.5)).toBe('-$3.50');
  });
});

describe('listInWords', () => {
  it('joins items as a sentence lists them', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a title'])).toBe('a title');
    expect(listInWords(['a title', 'a genre'])).toBe('a title and a genre');
    expect(listInWords(['a title', 'a genre', 'an audio file'])).toBe('a title, a genre and an audio file');
  });
});
