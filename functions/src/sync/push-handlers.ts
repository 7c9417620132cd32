import type { SyncCollectionName } from '../../../common/sync';
import { votesPushHandler } from '../voting/vote-push';
import type { PushHandler } from './push';

/** The collections clients may write through replication, and who decides each write. */
export const pushHandlers: Partial<Record<SyncCollectionName, PushHandler>> = {
  votes: votesPushHandler,
};
