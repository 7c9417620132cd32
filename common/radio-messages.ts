/** Every radio text the user sees, verbatim from the spec where it names one. */
export const RADIO_MSG = {
  // Sending (spec §5, §8)
  alreadyQueued: 'Already queued',
  addFailed: 'Failed to add to Radio Queue',
  noOwner: 'No owner found for this track',
  tokenShortage: 'You need 1000 tokens to upload to radio. Go to Pricing to buy tokens or sign up with a gift code.',
  onlyApproved: 'Only approved tracks can be sent to radio',
  sendToRadio: 'Send to Radio',
  // The Radio Queue panel (spec §2 Radio Queue panel, §8)
  loading: 'Loading radio submissions...',
  loadFailed: 'Failed to load radio submissions',
  approveFailed: 'Failed to approve submission',
  rejectFailed: 'Failed to reject submission',
  noMusic: 'No music submissions',
  noAds: 'No advertisement submissions',
  noAudio: 'No audio file found',
  invalidStorageUrl: 'Invalid storage URL',
  downloadStarted: 'Download Started',
  downloadHint: (path: string) => `After download, manually upload to SFTP path: ${path}`,
  downloadFailed: 'Failed to generate download link',
  scheduleTitle: 'Schedule Broadcast Time',
  scheduleField: 'Broadcast Date & Time',
  scheduleButton: 'Schedule Broadcast',
  scheduled: 'Broadcast time scheduled',
  scheduleFailed: 'Failed to schedule broadcast',
  // Beyond the spec: the station upload
  stationNotConfigured: 'Station upload is not configured',
  stationUploadFailed: 'Failed to upload to the station',
  advertisement: 'Advertisement',
  // Beyond the spec: the API's refusals
  trackNotFound: 'Track not found',
  submissionNotFound: 'Radio submission not found',
  notPending: 'Only pending submissions can be approved or rejected',
  notApprovedForUpload: 'Only approved submissions can be uploaded to the station',
  uploadInProgress: 'An upload of this submission is already in progress',
  notUploaded: 'Only submissions uploaded to the station can be scheduled',
  scheduleInPast: 'The broadcast time must be in the future',
  scheduleTooFar: 'The broadcast time must be within a year',
  adAudioRequired: 'An audio file is required',
  adUploadTooLarge: 'The upload is too large (audio at most 50MB)',
  adLengthMismatch: (measured: number, slot: number) =>
    `The ad is ${measured.toFixed(1)} s long; a ${slot} s slot takes ${slot} s of audio (within 1 s)`,
} as const;
