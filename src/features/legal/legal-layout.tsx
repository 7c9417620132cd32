import type { ReactNode } from 'react';

export interface LegalContentsEntry {
  id: string;
  heading: string;
}

interface LegalLayoutProps {
  title: string;
  effectiveDate: string;
  /** Optional table of contents rendered above the sections. */
  contents?: readonly LegalContentsEntry[];
  children: ReactNode;
}

/** Shared page frame for the privacy policy and terms of service. */
export function LegalLayout({ title, effectiveDate, contents, children }: LegalLayoutProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-10 border-b border-zinc-800 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-zinc-50 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-zinc-400">Effective date: {effectiveDate}</p>
      </header>

      {contents && contents.length > 0 ? (
        <nav aria-label="Contents" className="mb-10 rounded-lg border border-zinc-800 bg-zinc-900/50 p-5">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-zinc-50 uppercase">Contents</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
            {contents.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="text-fuchsia-400 underline hover:text-fuchsia-300">
                  {entry.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="space-y-10 leading-relaxed text-zinc-300">{children}</div>
    </article>
  );
}

interface LegalSectionProps {
  id: string;
  heading: string;
  children: ReactNode;
}

/** One headed section of a legal document; styles nested paragraphs, lists and sub-headings. */
export function LegalSection({ id, heading, children }: LegalSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-semibold text-zinc-50 sm:text-2xl">
        {heading}
      </h2>
      <div className="space-y-4 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-zinc-100 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-zinc-100 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

interface LegalEmailLinkProps {
  email: string;
}

/** Styled mailto link used in the contact sections. */
export function LegalEmailLink({ email }: LegalEmailLinkProps) {
  return (
    <a href={`mailto:${email}`} className="text-fuchsia-400 underline hover:text-fuchsia-300">
      {email}
    </a>
  );
}
