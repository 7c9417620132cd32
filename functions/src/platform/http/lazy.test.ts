import { describe, expect, it } from 'vitest';
import { lazy } from './lazy';

describe('lazy', () => {
  it('loads nothing until first used, then once however many ask at once', async () => {
    let loads = 0;
    const module = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([module(), module()]);
    expect(await module()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const module = lazy(async () => {
      if (++loads === 1) throw new Error('not yet');
      return loads;
    });
    await expect(module()).rejects.toThrow('not yet');
    expect(await module()).toBe(2);
  });
});
