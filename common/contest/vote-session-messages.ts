import { TRACKS_PER_SESSION } from '../constants';
import { tokenCount } from '../format';

/**
 * Opening a paid vote session: the price is shown and confirmed before anything is charged
 * (docs/api.md, POST /api/vote-sessions). Not in the spec; worded like the radio and feature confirms.
 */
export const VOTE_SESSION_MSG = {
  /** The server's 409 `payment_required` to a request that did not confirm the price. */
  confirmFirst: (cost: number) => `This session costs ${tokenCount(cost)}. Confirm the price to start it.`,
  /** The server's 409 `price_changed`: the price confirmed is no longer the price. */
  costChanged: (cost: number) => `A vote session now costs ${tokenCount(cost)}. Nothing was charged.`,
  title: 'New session',
  cost: (cost: number) => `This session costs ${tokenCount(cost)}.`,
  balance: (balance: number) => `You have ${tokenCount(balance)}.`,
  confirm: (cost: number, balance: number) => `Start a session of up to ${TRACKS_PER_SESSION} clips? It costs ${tokenCount(cost)}; you have ${tokenCount(balance)}.`,
  start: 'Start Session',
  starting: 'Starting...',
} as const;
