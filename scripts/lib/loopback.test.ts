import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoStation } from './demo-station';
import { startFirestoreEmulator } from './firestore-emulator';
import { startMailCatcher } from './mail-catcher';
import { runFfmpeg } from './media';
import { freePort, portInUse } from './ports';

/**
 * Whether `port` is taken on 127.0.0.1 but free on every other address: another socket can still
 * bind 127.0.0.2 on it, which a listener on 0.0.0.0 (or ::) would refuse (EADDRINUSE).
 */
async function loopbackOnly(port: number): Promise<{ loopback: boolean; elsewhere: boolean }> {
  return { loopback: await portInUse(port, '127.0.0.1'), elsewhere: await portInUse(port, '127.0.0.2') };
}
const LOOPBACK_ONLY = { loopback: true, elsewhere: false };

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loopback-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('every service of the local stack listens on 127.0.0.1 only', () => {
  it('the probe tells a wildcard listener from a loopback one', async () => {
    const { createServer } = await import('node:net');
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((ok) => server.listen(port, '0.0.0.0', ok));
    try {
      expect(await loopbackOnly(port)).toEqual({ loopback: true, elsewhere: true });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });

  it('the Firestore stand-in', async () => {
    const port = await freePort();
    const server = await startFirestoreEmulator(port, { indexes: null });
    try {
      expect(await loopbackOnly(port)).toEqual(LOOPBACK_ONLY);
    } finally {
      server.stop();
    }
  });

  it("the demo station's HTTP API and SFTP", async () => {
    const loopMp3 = join(dir, 'loop.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', loopMp3]);
    const [httpPort, sftpPort] = [await freePort(), await freePort()];
    const station = await startDemoStation({ httpPort, sftpPort, mediaDir: join(dir, 'media'), loopMp3, user: 'u', password: 'p', hostKeyPath: join(dir, 'host-key') });
    try {
      expect(await loopbackOnly(httpPort)).toEqual(LOOPBACK_ONLY);
      expect(await loopbackOnly(sftpPort)).toEqual(LOOPBACK_ONLY);
    } finally {
      await station.stop();
    }
  });

  it("the mail catcher's SMTP and inbox", async () => {
    const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 });
    try {
      expect(await loopbackOnly(mail.smtpPort)).toEqual(LOOPBACK_ONLY);
      expect(await loopbackOnly(mail.webPort)).toEqual(LOOPBACK_ONLY);
    } finally {
      await mail.stop();
    }
  });
});
