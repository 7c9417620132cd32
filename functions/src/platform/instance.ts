/**
 * Requests one instance of the api function serves at once. 80 is what Cloud Functions gives a
 * 2nd-gen function with at least 1 vCPU (512 MiB has 1); the local stack's Functions emulator is
 * made to serve as many per worker process (scripts/lib/emulator-preload.mjs).
 */
export const API_CONCURRENCY = 80;
