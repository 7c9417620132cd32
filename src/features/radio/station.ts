/** The live station: configurable at build time; the local stack serves a demo station. */
export const STATION = {
  streamUrl: (import.meta.env.VITE_RADIO_STREAM_URL as string | undefined) ?? '/api/radio/demo/stream.mp3',
  metadataUrl: (import.meta.env.VITE_RADIO_METADATA_URL as string | undefined) ?? '/api/radio/demo/nowplaying',
};
