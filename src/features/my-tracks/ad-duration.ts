import { AD_DURATION_TOLERANCE_SECONDS } from '@common/radio/radio';

/** Whether a measured length fits an ad slot (the server checks the same, within 1 s). */
export const fitsSlot = (seconds: number, slot: number): boolean => Math.abs(seconds - slot) <= AD_DURATION_TOLERANCE_SECONDS;
