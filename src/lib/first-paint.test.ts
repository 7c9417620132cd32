import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { firstPaint, firstPaintGate, useFirstPaintPassed, type FirstPaint } from './first-paint';

/** A page still loading: its load event fires when `fireLoad` is called. */
function loadingPage() {
  const listeners: Array<() => void> = [];
  return {
    win: { document: { readyState: 'loading' as const }, addEventListener: (_: 'load', fn: () => void) => void listeners.push(fn) },
    fireLoad: () => listeners.forEach((fn) => fn()),
  };
}

/** A page whose load event has already fired. */
const loadedPage = { document: { readyState: 'complete' as const }, addEventListener: () => undefined };

/** The next frame is painted, and the task after it has run. */
const paintFrame = () => vi.advanceTimersByTimeAsync(17);

/** Whether `gate.after()` has resolved a moment (1 ms) later. */
async function hasPassed(gate: FirstPaint): Promise<boolean> {
  let passed = false;
  void gate.after().then(() => (passed = true));
  await vi.advanceTimersByTimeAsync(1);
  return passed;
}

describe('firstPaintGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(performance.now()), 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('passes once the load event has fired and the frame after it is painted', async () => {
    const gate = firstPaintGate();
    const page = loadingPage();
    gate.watchLoad(page.win);
    expect(await hasPassed(gate)).toBe(false);
    page.fireLoad();
    expect(await hasPassed(gate)).toBe(false);
    await paintFrame();
    expect(await hasPassed(gate)).toBe(true);
  });

  it('watches a page already loaded from the next frame', async () => {
    const gate = firstPaintGate();
    gate.watchLoad(loadedPage);
    await paintFrame();
    expect(await hasPassed(gate)).toBe(true);
  });

  it('waits for every hold to be released, or for its longest wait', async () => {
    const gate = firstPaintGate();
    const release = gate.hold(3_000);
    gate.hold(5_000);
    gate.watchLoad(loadedPage);
    await paintFrame();
    release();
    release();
    expect(await hasPassed(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await hasPassed(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await hasPassed(gate)).toBe(true);
  });

  it('passes after its longest wait when the load frame never comes (a stalled request, a tab in the background) or a hold is kept', async () => {
    const gate = firstPaintGate();
    gate.hold(60_000);
    gate.watchLoad(loadingPage().win, 5_000);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(await hasPassed(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await hasPassed(gate)).toBe(true);
  });

  it('once passed, stays passed: a later hold does not hold anything back', async () => {
    const gate = firstPaintGate();
    gate.watchLoad(loadedPage);
    expect(gate.passed()).toBe(false);
    await paintFrame();
    expect(gate.passed()).toBe(true);
    gate.hold(3_000);
    expect(await hasPassed(gate)).toBe(true);
    expect(gate.passed()).toBe(true);
  });
});

describe('useFirstPaintPassed', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is true from the first render of a component mounted after the app's first paint", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(performance.now()), 16));
    const Probe = () => String(useFirstPaintPassed());
    expect(renderToString(createElement(Probe))).toBe('false');
    firstPaint.watchLoad(loadedPage);
    await paintFrame();
    expect(renderToString(createElement(Probe))).toBe('true');
  });
});
