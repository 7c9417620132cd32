import { describe, expect, it, vi } from 'vitest';
import { chooseSession } from './choose-session';
import type { OpenSessionResult } from './open-vote-session';

const session = (id: string): OpenSessionResult => ({ kind: 'session', session: { id, clips: [], is_first_session: false, token_cost: 0, created_at: '2026-11-26T00:00:00.000Z', completed_at: null } });
const apiError = (status: number, message: string) => Object.assign(new Error(message), { status, body: null });

describe('chooseSession', () => {
  it("online, takes the server's session over an unfinished one on the device (another device may have finished it)", async () => {
    const onDevice = vi.fn(async () => ({ id: 'stale' }));
    expect(await chooseSession(true, onDevice, async () => session('fresh'))).toEqual(session('fresh'));
    expect(onDevice).not.toHaveBeenCalled();
  });

  it("online, passes on the server's other answers", async () => {
    const onDevice = async () => ({ id: 'mine' });
    expect(await chooseSession(true, onDevice, async () => ({ kind: 'empty' }))).toEqual({ kind: 'empty' });
    const insufficient: OpenSessionResult = { kind: 'insufficient', message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 3.' };
    expect(await chooseSession(true, onDevice, async () => insufficient)).toEqual(insufficient);
  });

  it('online but the server out of reach: resumes the session on the device, or fails with the network error', async () => {
    const down = async (): Promise<OpenSessionResult> => {
      throw apiError(0, 'Network error');
    };
    expect(await chooseSession(true, async () => ({ id: 'mine' }), down)).toEqual({ kind: 'resume', sessionId: 'mine' });
    await expect(chooseSession(true, async () => null, down)).rejects.toThrow('Network error');
  });

  it("online, a server error is the server's answer, not a reason to resume", async () => {
    const onDevice = vi.fn(async () => ({ id: 'mine' }));
    const failing = async (): Promise<OpenSessionResult> => {
      throw apiError(500, 'Internal error');
    };
    await expect(chooseSession(true, onDevice, failing)).rejects.toThrow('Internal error');
    expect(onDevice).not.toHaveBeenCalled();
  });

  it('offline, resumes the session on the device without asking the server', async () => {
    const fromServer = vi.fn(async () => session('fresh'));
    expect(await chooseSession(false, async () => ({ id: 'mine' }), fromServer)).toEqual({ kind: 'resume', sessionId: 'mine' });
    expect(fromServer).not.toHaveBeenCalled();
  });

  it('offline with nothing on the device: asks the server, which tells the listener they are offline', async () => {
    const offline = async (): Promise<OpenSessionResult> => {
      throw apiError(0, 'You are offline. Try again when you are back online.');
    };
    await expect(chooseSession(false, async () => null, offline)).rejects.toThrow('You are offline.');
  });
});
