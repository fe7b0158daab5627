import { PageHeader } from '#client/components/PageHeader';
import { Icon, iconPaths } from '#client/components/Icon';
import { Msg, useT, type MessageId } from '#client/i18n';

const POSTS: ReadonlyArray<{ question: MessageId; answer: readonly MessageId[] }> = [
  { question: 'help.blog.state.question', answer: ['help.blog.state.1', 'help.blog.state.2', 'help.blog.state.3'] },
  { question: 'help.blog.prototypes.question', answer: ['help.blog.prototypes.1', 'help.blog.prototypes.2'] },
  { question: 'help.blog.unitTests.question', answer: ['help.blog.unitTests.1', 'help.blog.unitTests.2'] },
  {
    question: 'help.blog.frameworks.question',
    answer: ['help.blog.frameworks.1', 'help.blog.frameworks.2', 'help.blog.frameworks.3'],
  },
];

export function BlogPage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader title={t('help.blog.heading')} description={t('help.blog.description')} />
      <div className="space-y-4">
        {POSTS.map((post) => (
          <details
            key={post.question}
            className="group rounded-card border border-ink-200 bg-white shadow-card open:shadow-raised"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-card px-5 py-4 text-base font-semibold text-ink-900 hover:bg-ink-50 [&::-webkit-details-marker]:hidden">
              <Msg id={post.question} />
              <Icon
                d={iconPaths.chevronDown}
                className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="space-y-3 px-5 pb-5 text-ink-700">
              {post.answer.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed">
                  <Msg id={paragraph} />
                </p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
