import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { firebaseAuthGateway } from './firebase-auth';

/** Just what these tests ask of Firebase Auth. */
const fakeAuth = () =>
  ({
    verifyIdToken: async (token: string) => ({ uid: `uid-of-${token}`, email: 'a@b.test', firebase: { sign_in_provider: 'password' } }),
    getUser: async () => Promise.reject(Object.assign(new Error('no user'), { code: 'auth/user-not-found' })),
  }) as unknown as Auth;

describe('firebaseAuthGateway', () => {
  it('gets Firebase Auth on first use, once, when given how to', async () => {
    let loads = 0;
    const gateway = firebaseAuthGateway(async () => {
      loads++;
      return fakeAuth();
    });
    expect(loads).toBe(0);
    expect((await gateway.verifyIdToken('t1')).uid).toBe('uid-of-t1');
    expect(await gateway.emailRecord('gone')).toEqual({ email: null, verified: false });
    expect(loads).toBe(1);
  });

  it('uses an Auth it is given as it is', async () => {
    expect(await firebaseAuthGateway(fakeAuth()).verifyIdToken('t2')).toMatchObject({ uid: 'uid-of-t2', provider: 'password' });
  });
});
