const configured = (url: string | undefined): string | null => (url?.trim() ? url.trim() : null);

/**
 * The live station, set at build time (an AzuraCast station's mp3 mount and now-playing URL;
 * the local stack builds with its demo station's). A build without them has no station: the
 * bar stays, off air, and nothing is polled.
 */
export const STATION = {
  streamUrl: configured(import.meta.env.VITE_RADIO_STREAM_URL as string | undefined),
  metadataUrl: configured(import.meta.env.VITE_RADIO_METADATA_URL as string | undefined),
};
