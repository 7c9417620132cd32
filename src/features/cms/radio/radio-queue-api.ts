import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

const ep = endpoints.radio;

export const approveSubmission = (id: string) => call(ep.approve, { params: { id }, body: {} });
export const rejectSubmission = (id: string) => call(ep.reject, { params: { id }, body: {} });
/** A signed URL (valid 3600 s) of the submission's audio, and where it goes on the station. */
export const downloadLink = (id: string) => call(ep.downloadLink, { params: { id }, body: {} });
/** After a manual SFTP upload: the submission is marked uploaded. */
export const markUploaded = (id: string) => call(ep.markUploaded, { params: { id }, body: {} });
/** 'Upload to Station': the server uploads the file over SFTP. */
export const uploadToStation = (id: string) => call(ep.upload, { params: { id }, body: {} });
export const scheduleBroadcast = (id: string, iso: string) => call(ep.schedule, { params: { id }, body: { scheduled_broadcast_time: iso } });
/** Whether the server can upload to the station itself (SFTP configured). */
export const loadStation = (signal?: AbortSignal) => call(ep.station, { signal });
/** The admin quick send of an approved track (payment amount 0; a non-super-admin needs the tokens). */
export const quickSend = (trackId: string) => call(ep.quickSend, { body: { track_id: trackId }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
