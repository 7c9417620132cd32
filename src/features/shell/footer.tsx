import { Link } from '@tanstack/react-router';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@common/constants';
import { PATHS } from '@common/paths';

export function Footer() {
  return (
    <footer className="border-t border-zinc-800 bg-zinc-950">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-zinc-400 sm:flex-row">
        <p>© {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.</p>
        <nav className="flex gap-5" aria-label="Footer">
          <Link to={PATHS.privacy} className="hover:text-zinc-100">Privacy Policy</Link>
          <Link to={PATHS.terms} className="hover:text-zinc-100">Terms of Service</Link>
          <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-zinc-100">Contact</a>
        </nav>
      </div>
    </footer>
  );
}
