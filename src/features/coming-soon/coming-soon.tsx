import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';

/** A screen whose feature is not built yet says so plainly instead of pretending. */
export function ComingSoon({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <Construction className="mx-auto mb-4 size-12 text-amber-400" aria-hidden />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-zinc-400">{children}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-fuchsia-700 text-white px-5 py-2.5 font-semibold hover:bg-fuchsia-800">
        Back to Home
      </Link>
    </section>
  );
}
