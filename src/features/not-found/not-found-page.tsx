import { useEffect } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { NOT_FOUND_TITLE } from '@/lib/page-title';

export function NotFoundPage() {
  const pathname = useLocation({ select: (l) => l.pathname });

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
    document.title = NOT_FOUND_TITLE;
  }, [pathname]);

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-12 text-center">
      <p className="bg-gradient-to-r from-fuchsia-400 to-violet-400 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-zinc-50 sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-2 text-zinc-300">The page you are looking for doesn&apos;t exist or has moved.</p>
      <Link to="/" className="mt-8 text-lg text-fuchsia-400 underline hover:text-fuchsia-300">
        Return to Home
      </Link>
    </div>
  );
}
