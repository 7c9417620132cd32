import type { RadioSubmission } from '@common/radio';
import { api } from '@/lib/api';

type One = { submission: RadioSubmission };
const path = (id: string, action: string) => `/cms/radio/${encodeURIComponent(id)}/${action}`;

export const approveSubmission = (id: string) => api<One>(path(id, 'approve'), { body: {} });
export const rejectSubmission = (id: string) => api<One>(path(id, 'reject'), { body: {} });
/** A signed URL (valid 3600 s) of the submission's audio, and where it goes on the station. */
export const downloadLink = (id: string) => api<{ url: string; sftp_path: string }>(path(id, 'download-link'), { body: {} });
/** After a manual SFTP upload: the submission is marked uploaded. */
export const markUploaded = (id: string) => api<One>(path(id, 'mark-uploaded'), { body: {} });
/** 'Upload to Station': the server uploads the file over SFTP. */
export const uploadToStation = (id: string) => api<One>(path(id, 'upload'), { body: {} });
export const scheduleBroadcast = (id: string, iso: string) => api<One>(path(id, 'schedule'), { body: { scheduled_broadcast_time: iso } });
/** Whether the server can upload to the station itself (SFTP configured). */
export const loadStation = (signal?: AbortSignal) => api<{ upload: boolean }>('/cms/radio/station', { signal });
/** The admin quick send of an approved track (payment amount 0; a non-super-admin needs the tokens). */
export const quickSend = (trackId: string) => api<One>('/cms/radio/send', { body: { track_id: trackId }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
