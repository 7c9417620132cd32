import { describe, expect, it } from 'vitest';
import { weekOf } from './weekly-earnings';

describe('weekOf', () => {
  it('names a week by its Monday, in UTC, Monday to Sunday', () => {
    expect(weekOf('2026-02-23T00:00:00.000Z')).toBe('2026-02-23'); // a Monday
    expect(weekOf('2026-03-01T23:59:59.999Z')).toBe('2026-02-23'); // the Sunday after
    expect(weekOf('2026-03-02T00:00:00.000Z')).toBe('2026-03-02');
    expect(weekOf('2026-01-01T12:00:00.000Z')).toBe('2025-12-29'); // across a year
    expect(weekOf('1970-01-01T00:00:00.000Z')).toBe('1969-12-29');
  });
});
