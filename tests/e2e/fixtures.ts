import { expect, test as base, type BrowserContext } from '@playwright/test';

/** Records every Content-Security-Policy violation a page of `context` reports. */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`);
    });
  });
}

/**
 * Every browser test also checks the Content-Security-Policy: any violation reported by a page
 * (the app's meta CSP or Hosting's headers), in the test's context or in one it opens for a
 * second user, fails the test.
 */
export const test = base.extend<{ cspGuard: void }>({
  /**
   * Calls a test makes itself (the API, the Auth emulator) each on a new connection. The emulators
   * close a connection idle for 5 s (Node's keep-alive timeout); a call sent on one just as it
   * closed failed with "socket hang up" (ECONNRESET) before reaching the server (1 run in ~10).
   */
  request: async ({ playwright, baseURL }, provide) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await provide(request);
    await request.dispose();
  },
  cspGuard: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const extra = await newContext(options);
        await watchCsp(extra, violations);
        return extra;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';
