import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, json } from '../../../../common/api/contract';
import { testEnv } from '../../../../tests/api/test-env';
import type { Deps } from '../deps';
import { mounter } from './mount';

/** A public endpoint that promises `{ count: number }`; its handler answers `sent`. */
const counted = endpoint({ method: 'GET', path: '/api/probe/count', access: 'public', summary: 'A probe', response: json(z.strictObject({ count: z.number() })) });

let close = () => {};
afterEach(() => close());

async function answer(checkReplies: boolean, sent: unknown): Promise<{ status: number; body: unknown }> {
  // A public endpoint reads nothing of Deps but the environment.
  const deps = { env: { ...testEnv(), checkReplies } } as Pick<Deps, 'env'> as Deps;
  const router = express.Router();
  mounter(deps, router, '/api/probe')(counted, (_req, res) => void res.json(sent));
  const server = express().use('/api/probe', router).listen(0, '127.0.0.1');
  close = () => server.close();
  await new Promise((r) => server.once('listening', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/probe/count`);
  return { status: res.status, body: await res.json() };
}

describe('declared replies (env.checkReplies)', () => {
  it('passes an answer that matches the declaration', async () => {
    expect(await answer(true, { count: 3 })).toEqual({ status: 200, body: { count: 3 } });
  });

  it('turns an answer outside the declaration into a 500 naming the endpoint and the field', async () => {
    expect(await answer(true, { count: 'three' })).toEqual({
      status: 500,
      body: { error: { code: 'reply_invalid', message: expect.stringMatching(/^GET \/api\/probe\/count answered outside its declared schema: count: /) } },
    });
  });

  it('leaves answers alone when off (deployed)', async () => {
    expect(await answer(false, { count: 'three' })).toEqual({ status: 200, body: { count: 'three' } });
  });
});
