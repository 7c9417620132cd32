import type { ReactNode } from 'react';

/** Both documents took effect together. */
const EFFECTIVE_DATE = 'October 11, 2025';

/** One headed section of a legal document; `id` is its anchor in the table of contents. */
export interface LegalSectionEntry {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalLayoutProps {
  title: string;
  /** The opening paragraph, above the sections. */
  intro: ReactNode;
  /** Listed in the table of contents, then rendered in order. */
  sections: readonly LegalSectionEntry[];
}

/** The privacy policy and terms of service page: title, date, contents, intro and sections. */
export function LegalLayout({ title, intro, sections }: LegalLayoutProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-10 border-b border-zinc-800 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-zinc-50 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-zinc-400">Effective date: {EFFECTIVE_DATE}</p>
      </header>

      {sections.length > 0 ? (
        <nav aria-label="Contents" className="mb-10 rounded-lg border border-zinc-800 bg-zinc-900/50 p-5">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-zinc-50 uppercase">Contents</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
            {sections.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="text-fuchsia-400 underline hover:text-fuchsia-300">
                  {entry.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="space-y-10 leading-relaxed text-zinc-300">
        <p>{intro}</p>
        {sections.map((section) => (
          <LegalSection key={section.id} id={section.id} heading={section.heading}>
            {section.body}
          </LegalSection>
        ))}
      </div>
    </article>
  );
}

interface LegalSectionProps {
  id: string;
  heading: string;
  children: ReactNode;
}

/** One headed section of a legal document; styles nested paragraphs, lists and sub-headings. */
function LegalSection({ id, heading, children }: LegalSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
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
