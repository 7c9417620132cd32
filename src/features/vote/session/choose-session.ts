import type { OpenSessionResult } from './open-vote-session';

export type SessionChoice = { kind: 'resume'; sessionId: string } | OpenSessionResult;

/** A request that never reached the server (an ApiError of status 0, matched by shape like session-errors.ts). */
const unreachable = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 0;

/**
 * Which session the arena shows. Online, the server's: it returns the listener's open session
 * or opens a new one, so a session another device has finished, which this device may not have
 * pulled yet, is never resumed. Offline, or when the server cannot be reached, the newest
 * unfinished session on this device (its saved guesses count as cast).
 */
export async function chooseSession(
  online: boolean,
  onDevice: () => Promise<{ id: string } | null>,
  fromServer: () => Promise<OpenSessionResult>,
): Promise<SessionChoice> {
  const resume = async (): Promise<SessionChoice | null> => {
    const session = await onDevice();
    return session ? { kind: 'resume', sessionId: session.id } : null;
  };
  if (!online) return (await resume()) ?? fromServer();
  try {
    return await fromServer();
  } catch (err) {
    const local = unreachable(err) ? await resume() : null;
    if (local) return local;
    throw err;
  }
}
