import { describe, expect, it } from 'vitest';
import { composeMail, fillPlaceholders } from './compose';

const ORDER_TEMPLATE = 'Your order for "{{track_title}}" is waiting.\n\n{{order_url}}';
const ORDER_URL = 'https://foolrate.example/orders';

/** The hrefs of a mail's html part, and the one its button opens. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
const buttonHref = (html: string) => /<a href="([^"]*)"[^>]*>Open link<\/a>/.exec(html)?.[1];

describe('composeMail with filled placeholders', () => {
  it('makes the template’s own link the button and a typed title plain text, however it is written', () => {
    for (const title of ['Neon Rain\n\nhttps://evil.example/cashapp-pay\n\nx', 'Neon Rain\r\n\r\nhttps://evil.example/pay', 'https://evil.example/pay']) {
      const mail = composeMail('Order', fillPlaceholders(ORDER_TEMPLATE, { track_title: title, order_url: ORDER_URL }));
      expect(buttonHref(mail.html), JSON.stringify(title)).toBe(ORDER_URL);
      expect(hrefs(mail.html)).toEqual([ORDER_URL]);
      expect(mail.html).toContain('evil.example');
      // The text part has the title on one line, and none of the markers.
      expect(mail.text).not.toMatch(/[\uE000\uE001]/);
      expect(mail.text.split('\n')[0]).toMatch(/^Your order for "(Neon Rain )?https:\/\/evil\.example\/\S+( x)?" is waiting\.$/);
    }
  });

  it('takes control and bidirectional override characters out of typed values, in the subject too', () => {
    const filled = fillPlaceholders('Order for "{{track_title}}"', { track_title: 'song\u202Etxt.exe\u0007\ttab' });
    const mail = composeMail(filled, fillPlaceholders(ORDER_TEMPLATE, { track_title: 'song\u202Etxt.exe', order_url: ORDER_URL }));
    expect(mail.subject).toBe('Order for "song txt.exe tab"');
    expect(mail.html).not.toContain('\u202E');
  });

  it('builds a link from the raw text, so a quote or an ampersand next to it stays out of the address', () => {
    const mail = composeMail('News', 'See "https://foolrate.example/a?x=1&y=2" now.\n\nOr https://foolrate.example/b.');
    expect(hrefs(mail.html)).toEqual(['https://foolrate.example/a?x=1&#38;y=2', 'https://foolrate.example/b']);
    expect(mail.html).toContain('&#34;<a href="https://foolrate.example/a?x=1&#38;y=2"');
  });

  it('keeps an admin’s campaign text as written: its first lone link is the button', () => {
    const mail = composeMail('News', 'New songs are in.\n\nhttps://foolrate.example/vote\n\nSee https://foolrate.example/marketplace too.');
    expect(buttonHref(mail.html)).toBe('https://foolrate.example/vote');
    expect(hrefs(mail.html)).toEqual(['https://foolrate.example/vote', 'https://foolrate.example/marketplace']);
  });

  it('escapes typed html and refuses a missing value', () => {
    const mail = composeMail('Hi', fillPlaceholders('Hi {{username}}', { username: '<img src=x onerror=alert(1)>' }));
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(() => fillPlaceholders('Hi {{username}}', {})).toThrow('Mail template value missing: username');
  });
});
