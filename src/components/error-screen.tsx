import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';

/**
 * What a route shows when it throws while loading or rendering (the router's default error
 * component, main.tsx): Try Again runs the route again; the details go to the console, not on screen.
 */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => console.error('Page error', error), [error]);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-12 text-center">
      <TriangleAlert className="size-12 text-amber-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold text-zinc-50 sm:text-3xl">Something went wrong</h1>
      <p className="mt-2 text-zinc-300">This page could not be shown. Try again, or return to the home page.</p>
      <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row">
        <button
          type="button"
          onClick={retry}
          className={buttonClass('primary', 'inline-flex items-center gap-2 px-6 py-3 font-bold hover:brightness-110')}
        >
          <RotateCcw className="size-4" aria-hidden /> Try Again
        </button>
        <Link to={PATHS.home} className="text-lg text-fuchsia-400 underline hover:text-fuchsia-300">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
