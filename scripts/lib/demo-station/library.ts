import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, posix, relative, sep } from 'node:path';
import { readId3, stripTags, writeId3, type Id3Tags } from './id3';

/**
 * The station's media library: every mp3 under the media folder, by its path inside it
 * (/music/2026/11/x.mp3), with the title, artist and album of its ID3 tag (no artist tag: an
 * empty artist, as AzuraCast reports it). Like AzuraCast, every file is requestable; its request
 * id (and media id) is a stable hash of the path.
 */

/**
 * A file as AzuraCast's files API names it: `mediaId` its integer `id`, `requestId` its `unique_id`
 * (also the request id of the requests API), `playlists` the ids of the playlists holding it.
 */
export type MediaFile = { path: string; mediaId: number; requestId: string; title: string; artist: string; album: string; bytes: number; playlists: number[] };

export const BYTES_PER_SECOND = 16_000; // 128 kbps CBR
const isMp3 = (name: string) => extname(name).toLowerCase() === '.mp3';

export const requestIdOf = (path: string) => createHash('sha256').update(path).digest('hex').slice(0, 24);

export class MediaLibrary {
  private readonly files = new Map<string, MediaFile>();
  /** Media ids by path: a file read again (an edit, a re-upload) keeps its id and playlists, as AzuraCast's media row does. */
  private readonly ids = new Map<string, number>();
  private nextId = 1;

  constructor(private readonly root: string) {}

  /** The local file behind a media path. */
  localPath(path: string): string {
    return join(this.root, ...path.split('/').filter(Boolean));
  }

  /** Reads the whole folder again. */
  async scan(): Promise<void> {
    this.files.clear();
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !isMp3(entry.name)) continue;
      const rel = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      await this.add(`/${rel}`);
    }
  }

  /** Adds (or reads again) one file, e.g. when an upload finishes. */
  async add(path: string): Promise<MediaFile | null> {
    const normal = posix.normalize(`/${path}`);
    if (!isMp3(normal)) return null;
    const data = await readFile(this.localPath(normal)).catch(() => null);
    if (!data) return null;
    const tags = readId3(data);
    const mediaId = this.ids.get(normal) ?? this.nextId++;
    this.ids.set(normal, mediaId);
    const file: MediaFile = {
      path: normal,
      mediaId,
      playlists: this.files.get(normal)?.playlists ?? [],
      requestId: requestIdOf(normal),
      title: tags.title ?? basename(normal, extname(normal)),
      artist: tags.artist ?? '',
      album: tags.album ?? '',
      bytes: stripTags(data).length,
    };
    this.files.set(normal, file);
    return file;
  }

  remove(path: string): void {
    this.files.delete(posix.normalize(`/${path}`));
  }

  list(): MediaFile[] {
    return [...this.files.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /**
   * New tags for a file (AzuraCast's media edit, which writes them into the file): its ID3 tag is
   * replaced (the audio kept) and the file read again. Null when there is no such file.
   */
  async retag(path: string, tags: Id3Tags): Promise<MediaFile | null> {
    const normal = posix.normalize(`/${path}`);
    if (!this.files.has(normal)) return null;
    const local = this.localPath(normal);
    await writeFile(local, Buffer.concat([writeId3(tags), stripTags(await readFile(local))]));
    return this.add(normal);
  }

  byRequestId(id: string): MediaFile | undefined {
    return [...this.files.values()].find((f) => f.requestId === id);
  }

  /** A file by the id AzuraCast's file routes take: its media id, else its unique id (FilesController::getRecord). */
  byMediaId(id: string): MediaFile | undefined {
    return [...this.files.values()].find((f) => (/^\d+$/.test(id) && f.mediaId === Number(id)) || f.requestId === id);
  }

  /** The file's audio without its tags, ready to stream. */
  async audio(file: MediaFile): Promise<Buffer> {
    return stripTags(await readFile(this.localPath(file.path)));
  }
}
