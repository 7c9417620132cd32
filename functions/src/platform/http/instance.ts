/**
 * Requests one instance of the api function serves at once. 80 is what Cloud Functions gives a
 * 2nd-gen function with at least 1 vCPU (512 MiB has 1); the local stack's Functions emulator is
 * made to serve as many per worker process (scripts/lib/emulator-preload.mjs).
 */
export const API_CONCURRENCY = 80;

/**
 * The most instances of the api function that run at once: with API_CONCURRENCY each, 1,600
 * requests in flight, far above the product's load, and a ceiling on what a flood can cost (each
 * instance also caps the bodies it reads at once: platform/http/admission.ts). Raise it with the traffic.
 */
export const API_MAX_INSTANCES = 20;
