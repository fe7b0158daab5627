import { ButtonLink } from '#client/components/Button';
import { paths } from '#shared/paths';
import { Msg, useLocale, useT } from '#client/i18n';

/** The not-found screen: unknown paths, and listings or categories that do not exist. */
export function NotFound() {
  const t = useT();
  const { localePath } = useLocale();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-white px-4 py-12 text-center">
      <img
        src="/not-found.svg"
        alt={t('layouts.notFound.picture')}
        className="w-full max-w-xl"
        width="640"
        height="420"
      />
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">
        <Msg id="layouts.notFound.title" />
      </h1>
      <p className="mt-2 max-w-md text-ink-500">
        <Msg id="layouts.notFound.text" />
      </p>
      <ButtonLink to={localePath(paths.home)} size="lg" className="mt-8">
        <Msg id="layouts.notFound.home" />
      </ButtonLink>
    </div>
  );
}
