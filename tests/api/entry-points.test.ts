import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { newMailDoc } from '../../functions/src/platform/mail/mail';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher';

/**
 * The functions as deployed (functions/src/index.ts), loaded with the environment the emulators
 * give them and invoked as the runtime does: the Firestore trigger with a CloudEvent, each
 * schedule with Cloud Scheduler's HTTP call, the API with a request. Their first invocation runs
 * onInit (the configuration, firebase-admin's default app, the adapters). Mail goes over SMTP to
 * a mail catcher.
 */
type Functions = typeof import('../../functions/src/index');
type Handler = (req: express.Request, res: express.Response) => unknown;

const project = `demo-entry-${randomUUID().slice(0, 8)}`;
let fns: Functions;
let mail: MailCatcher;
let db: Firestore;
let testApp: App;
let storageDir: string;
const createServer = http.createServer;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  storageDir = await mkdtemp(join(tmpdir(), 'entry-points-'));
  const env = {
    FUNCTIONS_EMULATOR: 'true',
    GCLOUD_PROJECT: project,
    FIRESTORE_EMULATOR_HOST: inject('firestoreHost'),
    APP_URL: 'http://app.test',
    LOCAL_STORAGE_DIR: join(storageDir, 'files'),
    LOCAL_STORAGE_SECRET: 'entry-points-secret',
    // Secrets reach a function as environment variables.
    STRIPE_SECRET_KEY: 'none',
    STRIPE_WEBHOOK_SECRET: 'whsec_entry_points',
    SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
    SMTP_PASSWORD: 'none',
    MAIL_FROM: 'Fool Rate <noreply@app.test>',
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  fns = await import('../../functions/src/index');
  testApp = initializeApp({ projectId: project }, `entry-points-${project}`);
  db = getFirestore(testApp);
});

afterAll(async () => {
  // Loading index.ts admits HTTP bodies by their length in every server made afterwards (platform/http/admission.ts): this file's only.
  http.createServer = createServer;
  vi.unstubAllEnvs();
  await Promise.all(getApps().filter((a) => a.name === '[DEFAULT]' || a === testApp).map((a) => deleteApp(a)));
  await mail?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** Serves `handler` as the Functions runtime does (an Express request) and makes one request to it. */
async function invoke(handler: Handler, path: string, init: RequestInit = {}): Promise<Response> {
  const server = express()
    .use((req, res) => void handler(req, res))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, init);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/** Cloud Scheduler's call of a scheduled function: 200 once its job ran, 500 when it threw. */
const schedule = (fn: Handler, job: string) =>
  invoke(fn, '/', { method: 'POST', headers: { 'X-CloudScheduler-JobName': job, 'X-CloudScheduler-ScheduleTime': new Date().toISOString() } });

/** The mails the catcher received for `to`. */
async function inbox(to: string): Promise<Array<{ subject: string; text: string; to: Array<{ address: string }> }>> {
  const all = (await (await fetch(`http://127.0.0.1:${mail.webPort}/api/email`)).json()) as Array<{ subject: string; text: string; to: Array<{ address: string }> }>;
  return all.filter((m) => m.to.some((t) => t.address === to));
}

/** Eventarc's CloudEvent for a document created at `mail/{id}` (JSON encoded). */
function mailCreated(id: string, subject: string) {
  const now = new Date().toISOString();
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: `//firestore.googleapis.com/projects/${project}/databases/(default)`,
    type: 'google.cloud.firestore.document.v1.created',
    time: now,
    datacontenttype: 'application/json',
    project,
    database: '(default)',
    namespace: '(default)',
    document: `mail/${id}`,
    subject: `documents/mail/${id}`,
    data: {
      value: { name: `projects/${project}/databases/(default)/documents/mail/${id}`, fields: { message: { mapValue: { fields: { subject: { stringValue: subject } } } } }, createTime: now, updateTime: now },
    },
  };
}

describe('the functions entry points', () => {
  it('api answers a request from its own Firestore, once onInit has run', async () => {
    await db.collection('usernames').doc('entry_taken').set({ uid: 'u1' });
    const taken = await invoke(fns.api as unknown as Handler, '/api/accounts/username/entry_taken');
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ exists: true, username: 'entry_taken' });
    const free = await invoke(fns.api as unknown as Handler, '/api/accounts/username/entry_free');
    expect(await free.json()).toEqual({ exists: false, username: 'entry_free' });
  });

  it('sendMail delivers a new mail document over SMTP and records it sent', async () => {
    const id = `entry-${randomUUID()}`;
    const to = `${id}@example.test`;
    await db.collection('mail').doc(id).create(newMailDoc({ to, message: { subject: 'Welcome aboard', text: 'Sent by the trigger.' } }, Date.now() + 3_600_000));
    await (fns.sendMail as unknown as (event: unknown) => Promise<void>)(mailCreated(id, 'Welcome aboard'));
    expect(await inbox(to)).toEqual([expect.objectContaining({ subject: 'Welcome aboard', text: expect.stringContaining('Sent by the trigger.') })]);
    expect((await db.collection('mail').doc(id).get()).get('delivery.state')).toBe('SUCCESS');
  });

  it('retryMail sends a message whose retry is due', async () => {
    const id = `entry-${randomUUID()}`;
    const to = `${id}@example.test`;
    const failedAt = Date.now() - 120_000;
    const doc = newMailDoc({ to, message: { subject: 'Second try', text: 'The first attempt failed.' } }, failedAt);
    const retryAt = Timestamp.fromMillis(failedAt + 60_000);
    await db.collection('mail').doc(id).create({ ...doc, due_at: retryAt, delivery: { ...doc.delivery, state: 'ERROR', attempts: 1, error: 'connection refused', nextAttemptTime: retryAt } });
    expect((await schedule(fns.retryMail as unknown as Handler, 'retryMail')).status).toBe(200);
    expect(await inbox(to)).toEqual([expect.objectContaining({ subject: 'Second try' })]);
    expect((await db.collection('mail').doc(id).get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 2 });
  });

  it('expireOrders makes an unpaid cash order past its deadline EXPIRED, and leaves one within it', async () => {
    // A cash order as create-order.ts stores it (orders are read through their schema).
    const order = (expiresAt: number) => ({
      listing_id: `listing-${randomUUID()}`,
      track_id: 'track1',
      buyer_id: 'buyer1',
      seller_id: 'seller1',
      party_ids: ['buyer1', 'seller1'],
      status: 'AWAITING_SELLER',
      method: 'CASH_APP',
      amount_tokens: null,
      amount_usd: 9.99,
      cash_app_tag: '$Seller',
      expires_at: new Date(expiresAt).toISOString(),
      has_proof: false,
      proof_path: null,
      decided_at: null,
      created_at: new Date(expiresAt - 86_400_000).toISOString(),
      title: 'Song',
      artist_name: 'Artist',
      cover_art_url: null,
      listing_type: 'featured',
      version_type: 'full',
      buyer_username: 'buyer1',
      seller_username: 'seller1',
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
    await Promise.all([db.collection('orders').doc('overdue').set(order(Date.now() - 60_000)), db.collection('orders').doc('within').set(order(Date.now() + 3_600_000))]);
    expect((await schedule(fns.expireOrders as unknown as Handler, 'expireOrders')).status).toBe(200);
    expect((await db.collection('orders').doc('overdue').get()).get('status')).toBe('EXPIRED');
    expect((await db.collection('orders').doc('within').get()).get('status')).toBe('AWAITING_SELLER');
  });

  it.each(['refreshLeaderboards', 'refreshRatingMedian', 'backfillTrackSampleKeys', 'backfillContentTwins', 'airRadio'] as const)('%s runs its job once', async (name) => {
    expect((await schedule(fns[name] as unknown as Handler, name)).status).toBe(200);
  });
});
