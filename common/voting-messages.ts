/** Why the server refused a vote: stored as the vote's `error`, which the voter's client shows. */
export const VOTE_MSG = {
  sessionNotFound: 'Vote session not found',
  clipNotInSession: 'This clip is not part of the vote session',
  trackClosed: 'Track is not open for voting',
  alreadyVoted: 'Already voted on this track',
  idTaken: 'Vote id already in use',
  cannotDelete: 'Votes cannot be deleted',
} as const;
