import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Github, Linkedin, Twitter } from 'lucide-react';
import { COPYRIGHT_YEAR, MESSAGES } from '@codewright/contract';
import { BrandLink } from '../brand.tsx';

/**
 * Footer columns of SPEC §2.3, anchors exactly as specified — but for API Reference, which opens
 * its page at the spec's anchor (docs/decisions/051).
 */
const COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Examples', href: '#examples' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Changelog', href: '#changelog' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', href: '#docs' },
      { label: 'Blog', href: '#blog' },
      { label: 'Support', href: '#support' },
      { label: 'API Reference', href: '/api-reference#api' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '#about' },
      { label: 'Careers', href: '#careers' },
      { label: 'Privacy', href: '#privacy' },
      { label: 'Terms', href: '#terms' },
    ],
  },
] as const;

const LINK_CLASS = 'text-sm text-muted transition-colors hover:text-fg';

const SOCIAL = [
  { label: 'Codewright on GitHub', Icon: Github },
  { label: 'Codewright on X (Twitter)', Icon: Twitter },
  { label: 'Codewright on LinkedIn', Icon: Linkedin },
] as const;

// The spec's social links are placeholders that point nowhere; keep the page where it is.
const stay = (event: MouseEvent<HTMLAnchorElement>) => event.preventDefault();

/** Shared footer (SPEC §2.3): brand column, three link columns, bottom line. */
export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-border bg-bg">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <BrandLink />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">{MESSAGES.tagline}.</p>
          <ul className="mt-5 flex gap-2" aria-label="Social links">
            {SOCIAL.map(({ label, Icon }) => (
              <li key={label}>
                <a
                  href="#"
                  onClick={stay}
                  aria-label={label}
                  title={`${label} (coming soon)`}
                  className="inline-flex size-9 items-center justify-center rounded-lg border border-border text-muted transition-colors hover:border-border-strong hover:text-fg"
                >
                  <Icon className="size-4" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-fg">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.href}>
                  {link.href.startsWith('/') ? (
                    <Link to={link.href} className={LINK_CLASS}>
                      {link.label}
                    </Link>
                  ) : (
                    <a href={link.href} className={LINK_CLASS}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-subtle sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {COPYRIGHT_YEAR} Codewright. All rights reserved.</p>
          <div className="flex gap-6">
            <Link to="/privacy" className="transition-colors hover:text-fg">
              Privacy Policy
            </Link>
            <Link to="/terms" className="transition-colors hover:text-fg">
              Terms of Service
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
