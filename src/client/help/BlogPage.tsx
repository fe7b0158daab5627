import { PageHeader } from '#client/components/PageHeader';
import { Icon, iconPaths } from '#client/components/Icon';

const POSTS = [
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Start with local state: useState for a value one component owns, useReducer when several values change together. When two siblings need the same value, lift it to their closest parent and pass it down.',
      'Context shares a value with a whole subtree without passing props through every level. It suits things that change rarely, such as the signed-in user or a theme.',
      'Data that comes from a server is better treated as a cache than as state: libraries such as TanStack Query fetch it, keep it fresh and share it between screens. For large amounts of client-only state that many screens edit, a store such as Redux Toolkit or Zustand keeps the updates in one predictable place. The URL is state too: filters and page numbers in the address survive a reload.',
    ],
  },
  {
    question: 'How does prototypal inheritance work in JavaScript?',
    answer: [
      'Every object has a hidden link to another object, its prototype. When you read a property the object does not have, JavaScript follows that link and looks there, then on the prototype’s prototype, until the chain ends at null.',
      'Object.create(proto) makes an object with a chosen prototype. A function used with new gives the new object its prototype property as the link, and class syntax is a friendlier way to write the same thing: methods live once on the prototype and every instance shares them.',
    ],
  },
  {
    question: 'What is a unit test, and why should we write them?',
    answer: [
      'A unit test checks one small piece of code, such as a function or a component, on its own, with known inputs and an expected result. It runs in milliseconds, so the whole suite can run on every change.',
      'Tests catch mistakes before users do, make it safe to refactor, and describe how the code is meant to be used. Writing them also pushes you towards small functions with clear inputs and outputs, which are easier to read.',
    ],
  },
  {
    question: 'React vs. Angular vs. Vue: how do they differ?',
    answer: [
      'React is a library for building user interfaces from components written in JSX. It leaves routing, data fetching and forms to other libraries, which gives freedom but also more choices to make.',
      'Angular is a complete framework from Google built on TypeScript, with dependency injection, a router, forms and an HTTP client included. It suits large teams that want one standard way of doing everything.',
      'Vue sits between the two: an approachable core with single-file components and templates, plus an official router and store. It is easy to pick up and scales well to big applications.',
    ],
  },
];

export function BlogPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader title="Web Blogs" description="Short answers to questions web developers ask us most." />
      <div className="space-y-4">
        {POSTS.map((post) => (
          <details
            key={post.question}
            className="group rounded-card border border-ink-200 bg-white shadow-card open:shadow-raised"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-card px-5 py-4 text-base font-semibold text-ink-900 hover:bg-ink-50 [&::-webkit-details-marker]:hidden">
              {post.question}
              <Icon
                d={iconPaths.chevronDown}
                className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="space-y-3 px-5 pb-5 text-ink-700">
              {post.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 24)} className="leading-relaxed">
                  {paragraph}
                </p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
