import { Link } from 'react-router';
import { PageHeader } from '#client/components/PageHeader';
import { Msg, useLocale, useT, type MessageId } from '#client/i18n';
import { helpLinks } from './helpLinks';

export interface HelpSection {
  title: MessageId;
  /** Paragraphs, or a list when an entry is an array. */
  body: ReadonlyArray<MessageId | readonly MessageId[]>;
}

type Values = Record<string, string | number>;

function Body({ part, values }: { part: MessageId | readonly MessageId[]; values?: Values }) {
  if (typeof part === 'string') {
    return (
      <p className="leading-relaxed">
        <Msg id={part} values={values} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-1.5 pl-5 leading-relaxed marker:text-ink-400">
      {part.map((item) => (
        <li key={item}>
          <Msg id={item} values={values} />
        </li>
      ))}
    </ul>
  );
}

type HelpPage = 'faq' | 'privacy' | 'terms';

interface HelpArticleProps {
  page: HelpPage;
  sections: readonly HelpSection[];
  /** The values the page's messages fill in. */
  values?: Values;
}

/** "help.faq.buying.title" → "help-faq-buying": an anchor that is the same in every language. */
const idOf = (title: MessageId) => title.replace(/\.title$/, '').replaceAll('.', '-');

/** A help page: its sections one under another, then links to the other help pages. */
export function HelpArticle({ page, sections, values }: HelpArticleProps) {
  const t = useT();
  const { localePath } = useLocale();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader title={t(`help.${page}.heading`)} description={t(`help.${page}.description`)} />
      <div className="space-y-8 text-ink-700">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={idOf(section.title)} className="space-y-3">
            <h2 id={idOf(section.title)} className="text-lg font-semibold text-ink-900">
              <Msg id={section.title} />
            </h2>
            {section.body.map((part, index) => (
              <Body key={index} part={part} values={values} />
            ))}
          </section>
        ))}
      </div>
      <nav aria-label={t('help.moreHelp')} className="mt-12 border-t border-ink-200 pt-6 text-sm">
        <p className="mb-2 font-semibold text-ink-900">
          <Msg id="help.moreHelp" />
        </p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {helpLinks
            .filter((link) => link.labelId !== `help.${page}.heading`)
            .map((link) => (
              <li key={link.to}>
                <Link to={localePath(link.to)} className="font-medium text-brand-700 hover:underline">
                  <Msg id={link.labelId} />
                </Link>
              </li>
            ))}
          <li>
            <a
              href="mailto:support@phonehaat.com"
              className="font-medium text-brand-700 hover:underline"
              translate="no"
            >
              support@phonehaat.com
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
