import { describe, expect, it } from 'vitest';
import { createdAtCursor, decodeCursor, encodeCursor } from './cursor';

describe('page cursors', () => {
  it('round-trip a position', () => {
    const at = { v: '2026-03-01T12:00:00.000Z', id: 'abc' };
    expect(decodeCursor(createdAtCursor, encodeCursor(at), 'Invalid cursor')).toEqual(at);
  });
  it('read no cursor as the first page', () => {
    expect(decodeCursor(createdAtCursor, undefined, 'Invalid cursor')).toBeNull();
    expect(decodeCursor(createdAtCursor, '', 'Invalid cursor')).toBeNull();
  });
  it.each(['not json', Buffer.from('{"v":1,"id":"x"}').toString('base64url'), Buffer.from('{"v":"a","id":"x","more":1}').toString('base64url'), Buffer.from('null').toString('base64url')])(
    'refuse %s with a 400',
    (cursor) => {
      expect(() => decodeCursor(createdAtCursor, cursor, 'Invalid cursor')).toThrow(expect.objectContaining({ status: 400, message: 'Invalid cursor' }));
    },
  );
});
