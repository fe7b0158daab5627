import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#client/components/PageHeader';
import { helpLinks } from './helpLinks';

export interface HelpSection {
  title: string;
  /** Paragraphs, or a list when an entry is an array. */
  body: ReadonlyArray<string | readonly string[]>;
}

function Body({ part }: { part: string | readonly string[] }) {
  if (typeof part === 'string') return <p className="leading-relaxed">{part}</p>;
  return (
    <ul className="list-disc space-y-1.5 pl-5 leading-relaxed marker:text-ink-400">
      {part.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

interface HelpArticleProps {
  title: string;
  description: string;
  sections: readonly HelpSection[];
  /** What goes between the header and the sections. */
  intro?: ReactNode;
}

/** A help page: its sections one under another, then links to the other help pages. */
export function HelpArticle({ title, description, sections, intro }: HelpArticleProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader title={title} description={description} />
      {intro}
      <div className="space-y-8 text-ink-700">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={idOf(section.title)} className="space-y-3">
            <h2 id={idOf(section.title)} className="text-lg font-semibold text-ink-900">
              {section.title}
            </h2>
            {section.body.map((part, index) => (
              <Body key={index} part={part} />
            ))}
          </section>
        ))}
      </div>
      <nav aria-label="More help" className="mt-12 border-t border-ink-200 pt-6 text-sm">
        <p className="mb-2 font-semibold text-ink-900">More help</p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {helpLinks
            .filter((link) => link.label !== title)
            .map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          <li>
            <a href="mailto:support@phonehaat.com" className="font-medium text-brand-700 hover:underline">
              support@phonehaat.com
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}

const idOf = (title: string) => `help-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
