import type { SyncCollectionName } from '../../../common/sync';
import type { PushHandler } from './push';

/** The collections clients may write through replication, and who decides each write. */
export const pushHandlers: Partial<Record<SyncCollectionName, PushHandler>> = {};
