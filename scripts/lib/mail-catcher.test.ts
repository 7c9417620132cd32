import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let mail: MailCatcher;
const web = (path: string) => `http://127.0.0.1:${mail.webPort}${path}`;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(async () => {
  await mail?.stop();
});

describe('the mail catcher', () => {
  it('opens the inbox at / (the address the README gives), whatever the request accepts', async () => {
    for (const accept of [undefined, '*/*', 'text/html,application/xhtml+xml']) {
      const res = await fetch(web('/'), { headers: accept ? { accept } : {} });
      expect(res.status, `Accept: ${accept}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/<!doctype html>[\s\S]*<div id="root">/i);
    }
  });

  it('keeps its REST API (the browser tests read /api/email) and its 404s', async () => {
    const list = await fetch(web('/api/email'));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    expect((await fetch(web('/no-such-thing'))).status).toBe(404);
  });
});
