import { afterEach, describe, expect, it } from 'vitest';
import { clipHasFocus, useAudioFocus } from './audio-focus';

afterEach(() => useAudioFocus.setState({ holders: [] }));

describe('audio focus', () => {
  it('is held while any clip holds it', () => {
    const { take, release } = useAudioFocus.getState();
    expect(clipHasFocus()).toBe(false);
    take('a');
    take('b');
    expect(clipHasFocus()).toBe(true);
    release('a');
    expect(clipHasFocus()).toBe(true);
    release('b');
    expect(clipHasFocus()).toBe(false);
  });

  it('counts a holder once, and ignores releasing what it does not hold', () => {
    const { take, release } = useAudioFocus.getState();
    take('a');
    take('a');
    expect(useAudioFocus.getState().holders).toEqual(['a']);
    const before = useAudioFocus.getState();
    release('zzz');
    expect(useAudioFocus.getState()).toBe(before);
    release('a');
    expect(useAudioFocus.getState().holders).toEqual([]);
  });
});
