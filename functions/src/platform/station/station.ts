/**
 * The radio station as the API uses it (an AzuraCast station deployed, the demo station
 * locally): media arrives over SFTP, a file is put on the station's own schedule at its time,
 * and now-playing and the recent history say what aired. Tests pass an in-memory twin.
 */

/**
 * A file on the station, by its path under the station's media folder, and the tags it carries.
 * `album`, when set, tells apart files with the same title and artist (every mystery track is
 * "Mystery track" with no artist: its album is an opaque code of its own).
 */
export type StationMedia = { path: string; title: string; artist: string; album?: string };

/** A song the station played or plays, as its now-playing API reports it. */
export type AiredSong = { title: string; artist: string; album?: string; playedAt: number; duration: number };

/** What the station's now-playing says: the song on air (null while offline), the history (newest first), whether it is online. */
export type StationRecent = { now: AiredSong | null; history: AiredSong[]; online?: boolean };

export interface RadioStation {
  /** Writes `data` to `remotePath` (e.g. /music/2026/11/x.mp3) under the media folder, making its folders. */
  upload(remotePath: string, data: Buffer): Promise<void>;
  /**
   * Puts the file at `media.path` on the station's schedule to air at `at` (ms; the station
   * schedules by the minute, in its time zone). AzuraCast: a playlist of its own holding the file
   * (found by its media id) with one play-once schedule item at that minute. Returns the
   * airing's id on the station (the playlist's), for unschedule(). Rejects when the station does
   * not know the file yet (it has not processed the upload).
   */
  schedule(media: StationMedia, at: number): Promise<string>;
  /** Takes an airing off the station's schedule (once it aired); one already gone is fine. */
  unschedule(id: string): Promise<void>;
  /** What plays now and what played recently, newest first. */
  recent(): Promise<StationRecent>;
  /**
   * Gives the file at `media.path` the tags `media` names (title, artist, album; an empty one is
   * cleared). The station's now-playing and history name a file by its current tags (AzuraCast
   * builds them from the media's metadata), so a song playing now is renamed too.
   */
  retag(media: StationMedia): Promise<void>;
}

/**
 * How to reach the deployed station (config.ts reads it; platform/station/azuracast-station.ts uses it):
 * SFTP for media, the AzuraCast API at `apiUrl` for station `stationId` (shortcode or id) with
 * `apiKey` where an endpoint needs one. Exactly one of password and privateKey is usually set.
 */
export type StationEnv = {
  sftp: { host: string; port: number; username: string; password?: string; privateKey?: string };
  apiUrl: string;
  stationId: string;
  apiKey: string | null;
};
