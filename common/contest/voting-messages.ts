/** Why the server refused a vote: stored as the vote's `error`, which the voter's client shows. */
export const VOTE_MSG = {
  sessionNotFound: 'Vote session not found',
  clipNotInSession: 'This clip is not part of the vote session',
  trackClosed: 'Track is not open for voting',
  alreadyVoted: 'Already voted on this track',
  idTaken: 'Vote id already in use',
  cannotDelete: 'Votes cannot be deleted',
} as const;

/** The reveal's breakdown of how the other voters guessed the track. */
export const GUESS_BREAKDOWN_TEXT = {
  heading: 'How everyone else guessed',
  first: 'You are the first to guess this track.',
  votes: (n: number) => (n === 1 ? 'Based on 1 other vote.' : `Based on ${n} other votes.`),
} as const;
