import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Loaded when a question is first asked: the dialog (Radix's focus trap and scroll lock) stays out
 * of the first load, which the nav bar's Sign Out would otherwise carry (ADR 0042).
 */
const ConfirmDialog = lazy(async () => ({ default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog }));

export type ConfirmOptions = {
  /** The confirm button's text (and the title unless `title` is given). */
  action: string;
  title?: string;
  /** The question, as the spec or the messages word it. */
  description: string;
};

type Pending = ConfirmOptions & { answer: (yes: boolean) => void };

/**
 * The app's confirm(): `await confirm({ action, description })` opens the kit's ConfirmDialog and
 * resolves true when the action is confirmed, false when it is cancelled (Cancel, the X, Escape,
 * a click outside). The caller renders `dialog` (null while nothing is asked). One question at a
 * time: asking again while one is open answers the first with false. Unmounted, it answers false.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const settle = useCallback((yes: boolean) => {
    const asked = current.current;
    current.current = null;
    setPending(null);
    asked?.answer(yes);
  }, []);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        current.current?.answer(false);
        const next = { ...options, answer: resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  useEffect(() => () => current.current?.answer(false), []);

  const dialog = pending ? (
    <Suspense fallback={null}>
      <ConfirmDialog action={pending.action} title={pending.title} description={pending.description} onConfirm={() => settle(true)} onClose={() => settle(false)} />
    </Suspense>
  ) : null;
  return { confirm, dialog };
}
