/**
 * Client-only texts of the Submit Track page that the spec leaves open: how a file is refused
 * before upload. The spec's own texts are SUBMISSION_MESSAGES in common/radio/submission.ts.
 */
export const SUBMIT_CLIENT_MSG = {
  unsupportedAudio: 'Unsupported audio file',
  unsupportedAudioBody: 'Choose an mp3, m4a, wav, aac, ogg or flac file.',
  audioTooLargeBody: 'Maximum audio size is 50MB',
  unsupportedVideo: 'Unsupported video file',
  unsupportedVideoBody: 'Choose an mp4, mov, avi, webm or mkv file.',
} as const;
