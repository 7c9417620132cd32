import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rmdir, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, resolve, sep, posix } from 'node:path';
import ssh2, { type Attributes, type Connection, type SFTPWrapper } from 'ssh2';

/**
 * The demo station's SFTP server (what AzuraCast's SFTP users give): password login, one
 * user, a minimal SFTP subsystem rooted at the media folder. It supports what
 * ssh2-sftp-client's connect, mkdir (recursive), put, get, exists/stat and list use: REALPATH,
 * STAT, LSTAT, FSTAT, (F)SETSTAT (accepted, ignored), MKDIR, RMDIR, OPEN, READ, WRITE, CLOSE,
 * OPENDIR, READDIR, REMOVE, RENAME. A path that climbs out of the root is refused. When a file
 * written over SFTP is closed, `onUploaded` runs before the CLOSE is answered, so the upload
 * has been taken in when the client's put() resolves.
 */

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export type SftpOptions = {
  port: number;
  host?: string;
  root: string;
  user: string;
  password: string;
  /** Where the host key is kept (made once), so clients see the same key every start. */
  hostKeyPath?: string;
  onUploaded(path: string): Promise<void>;
  onRemoved(path: string): void;
};

type OpenFile = { kind: 'file'; fh: FileHandle; path: string; written: boolean };
type OpenDir = { kind: 'dir'; path: string; done: boolean };

class Refused extends Error {}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * A new ed25519 host key in OpenSSH format. ssh2 makes a few keys in a thousand that its own
 * parser then refuses ("Malformed OpenSSH private key"), which failed the stack's start at
 * random: make another until one parses.
 */
export function newHostKey(): string {
  for (let attempt = 0; ; attempt++) {
    const key = utils.generateKeyPairSync('ed25519').private;
    const parsed = utils.parseKey(key);
    if (!(parsed instanceof Error)) return key;
    if (attempt === 20) throw parsed;
  }
}

async function hostKey(path: string | undefined): Promise<string> {
  if (path && existsSync(path)) {
    const stored = await readFile(path, 'utf8');
    // (One saved by an earlier version may be one of those.)
    if (!(utils.parseKey(stored) instanceof Error)) return stored;
  }
  const key = newHostKey();
  if (path) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, key, { mode: 0o600 });
  }
  return key;
}

function statusOf(err: unknown): number {
  if (err instanceof Refused) return STATUS_CODE.PERMISSION_DENIED;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

const attrsOf = (s: Stats): Attributes => ({ mode: s.mode, uid: s.uid, gid: s.gid, size: s.size, atime: Math.floor(s.atimeMs / 1000), mtime: Math.floor(s.mtimeMs / 1000) });

function longname(name: string, s: Stats, user: string): string {
  const type = s.isDirectory() ? 'd' : s.isSymbolicLink() ? 'l' : '-';
  const rwx = [6, 3, 0].map((shift) => ((s.mode >> shift) & 7).toString(2).padStart(3, '0').replace(/./g, (bit, i) => (bit === '1' ? 'rwx'[i]! : '-'))).join('');
  const date = s.mtime.toDateString().slice(4, 10);
  const time = s.mtime.toTimeString().slice(0, 5);
  return `${type}${rwx} 1 ${user} ${user} ${String(s.size).padStart(8)} ${date} ${time} ${name}`;
}

export async function startSftpServer(opts: SftpOptions): Promise<{ stop(): Promise<void> }> {
  const root = resolve(opts.root);
  await mkdir(root, { recursive: true });

  /** The path inside the media folder ('/music/x.mp3') and the local file; a climb out of the root is refused. */
  const locate = (path: string): { virtual: string; local: string } => {
    if (path.includes('\0')) throw new Refused('Permission denied: bad path');
    const rel = posix.normalize(path.replace(/^\/+/, '') || '.');
    if (rel === '..' || rel.startsWith('../')) throw new Refused('Permission denied: outside the media folder');
    const local = resolve(root, rel);
    if (local !== root && !local.startsWith(root + sep)) throw new Refused('Permission denied: outside the media folder');
    return { virtual: rel === '.' ? '/' : `/${rel}`, local };
  };

  const connections = new Set<Connection>();
  const server = new Server({ hostKeys: [await hostKey(opts.hostKeyPath)] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined); // a dropped client is not the station's problem
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && sameSecret(ctx.username, opts.user) && sameSecret(ctx.password, opts.password)) return ctx.accept();
      ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp()));
      });
    });
  });

  function serveSftp(sftp: SFTPWrapper): void {
    const handles = new Map<number, OpenFile | OpenDir>();
    let nextHandle = 1;
    const newHandle = (h: OpenFile | OpenDir) => {
      const id = nextHandle++;
      handles.set(id, h);
      const buf = Buffer.alloc(4);
      buf.writeUInt32BE(id);
      return buf;
    };
    const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
    /** Runs one request; a thrown error becomes its status. */
    const run = (reqId: number, work: () => Promise<void>) => {
      work().catch((err: unknown) => sftp.status(reqId, statusOf(err), err instanceof Error ? err.message : String(err)));
    };
    const ok = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);

    sftp.on('REALPATH', (reqId, path) =>
      run(reqId, async () => {
        const { virtual } = locate(path === '.' || path === '' ? '/' : path);
        sftp.name(reqId, [{ filename: virtual, longname: virtual, attrs: {} as Attributes }]);
      }),
    );
    sftp.on('STAT', (reqId, path) => run(reqId, async () => void sftp.attrs(reqId, attrsOf(await stat(locate(path).local)))));
    sftp.on('LSTAT', (reqId, path) => run(reqId, async () => void sftp.attrs(reqId, attrsOf(await lstat(locate(path).local)))));
    /** A request that only needs doing, answered OK. */
    const act = (reqId: number, work: () => Promise<unknown>) => run(reqId, async () => {
      await work();
      ok(reqId);
    });
    sftp.on('SETSTAT', (reqId, path) => act(reqId, () => stat(locate(path).local))); // attributes are not changed
    sftp.on('MKDIR', (reqId, path) => act(reqId, () => mkdir(locate(path).local)));
    sftp.on('RMDIR', (reqId, path) => act(reqId, () => rmdir(locate(path).local)));
    sftp.on('REMOVE', (reqId, path) =>
      run(reqId, async () => {
        const { virtual, local } = locate(path);
        await unlink(local);
        opts.onRemoved(virtual);
        ok(reqId);
      }),
    );
    sftp.on('RENAME', (reqId, from, to) =>
      run(reqId, async () => {
        const a = locate(from);
        const b = locate(to);
        await rename(a.local, b.local);
        opts.onRemoved(a.virtual);
        await opts.onUploaded(b.virtual);
        ok(reqId);
      }),
    );
    sftp.on('OPEN', (reqId, path, flags) =>
      run(reqId, async () => {
        const { virtual, local } = locate(path);
        const mode = utils.sftp.flagsToString(flags);
        if (!mode) return void sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED, 'unsupported open flags');
        const fh = await open(local, mode, 0o644);
        sftp.handle(reqId, newHandle({ kind: 'file', fh, path: virtual, written: false }));
      }),
    );
    sftp.on('WRITE', (reqId, handle, offset, data) =>
      run(reqId, async () => {
        const h = handleOf(handle);
        if (h?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
        await h.fh.write(data, 0, data.length, offset);
        h.written = true;
        ok(reqId);
      }),
    );
    sftp.on('READ', (reqId, handle, offset, length) =>
      run(reqId, async () => {
        const h = handleOf(handle);
        if (h?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
        const buf = Buffer.alloc(length);
        const { bytesRead } = await h.fh.read(buf, 0, length, offset);
        if (!bytesRead) return void sftp.status(reqId, STATUS_CODE.EOF);
        sftp.data(reqId, buf.subarray(0, bytesRead));
      }),
    );
    sftp.on('FSTAT', (reqId, handle) =>
      run(reqId, async () => {
        const h = handleOf(handle);
        if (!h) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
        sftp.attrs(reqId, attrsOf(h.kind === 'file' ? await h.fh.stat() : await stat(locate(h.path).local)));
      }),
    );
    sftp.on('FSETSTAT', (reqId, handle) => (handleOf(handle) ? ok(reqId) : sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle')));
    sftp.on('OPENDIR', (reqId, path) =>
      run(reqId, async () => {
        const { virtual, local } = locate(path);
        if (!(await stat(local)).isDirectory()) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not a directory');
        sftp.handle(reqId, newHandle({ kind: 'dir', path: virtual, done: false }));
      }),
    );
    sftp.on('READDIR', (reqId, handle) =>
      run(reqId, async () => {
        const h = handleOf(handle);
        if (h?.kind !== 'dir') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
        if (h.done) return void sftp.status(reqId, STATUS_CODE.EOF);
        h.done = true;
        const { local } = locate(h.path);
        const names = await readdir(local);
        const entries = await Promise.all(
          names.map(async (filename) => {
            const s = await lstat(resolve(local, filename));
            return { filename, longname: longname(filename, s, opts.user), attrs: attrsOf(s) };
          }),
        );
        if (!entries.length) return void sftp.status(reqId, STATUS_CODE.EOF);
        sftp.name(reqId, entries);
      }),
    );
    sftp.on('CLOSE', (reqId, handle) =>
      run(reqId, async () => {
        const h = handleOf(handle);
        if (!h) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
        handles.delete(handle.readUInt32BE(0));
        if (h.kind === 'file') {
          await h.fh.close();
          if (h.written) await opts.onUploaded(h.path);
        }
        ok(reqId);
      }),
    );
    sftp.on('close', () => {
      for (const h of handles.values()) if (h.kind === 'file') void h.fh.close().catch(() => undefined);
      handles.clear();
    });
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });

  return {
    stop: () =>
      new Promise<void>((done) => {
        for (const c of connections) c.end();
        server.close(() => done());
      }),
  };
}
