import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe('ApiError.withoutField', () => {
  it('drops the field a validation message starts with', () => {
    expect(new ApiError(400, 'password: Password must be at least 6 characters', null).withoutField).toBe('Password must be at least 6 characters');
    expect(new ApiError(400, 'wallet_address: Wallet address may contain only letters and digits', null).withoutField).toBe(
      'Wallet address may contain only letters and digits',
    );
    expect(new ApiError(400, 'items.0.id: Invalid id', null).withoutField).toBe('Invalid id');
  });

  it('leaves other messages as they are', () => {
    expect(new ApiError(400, 'Username already taken', null).withoutField).toBe('Username already taken');
    expect(new ApiError(409, 'conflict: not a field', null).withoutField).toBe('conflict: not a field');
    expect(new ApiError(400, 'Too many requests: try later', null).withoutField).toBe('Too many requests: try later');
  });
});

describe('ApiError.field', () => {
  it("is the body's error.field when it names one (a refusal that is not a validation's), the message kept whole", () => {
    const taken = new ApiError(409, 'Email already in use', { error: { code: 'conflict', message: 'Email already in use', field: 'email' } });
    expect([taken.field, taken.withoutField]).toEqual(['email', 'Email already in use']);
  });

  it("is the field a validation message starts with, and nothing for other messages", () => {
    expect(new ApiError(400, 'password: Password must be at least 6 characters', null).field).toBe('password');
    expect(new ApiError(409, 'conflict: not a field', null).field).toBeNull();
    expect(new ApiError(400, 'Username already taken', { error: { field: 7 } }).field).toBeNull();
  });
});
