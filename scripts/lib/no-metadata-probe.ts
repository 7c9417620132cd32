/**
 * Without credentials, firebase-admin falls back to Google's application-default lookup,
 * which probes the cloud metadata server: network traffic that must never leave this
 * machine. Emulators need no credentials, so turn the probe off before anything asks.
 */
export function disableMetadataProbe(): void {
  process.env.METADATA_SERVER_DETECTION = 'none';
}
