import { ButtonLink } from '#client/components/Button';
import { paths } from '#shared/paths';

/** The not-found screen: unknown paths, and listings or categories that do not exist. */
export function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-white px-4 py-12 text-center">
      <img src="/not-found.svg" alt="A broken phone showing 404" className="w-full max-w-xl" width="640" height="420" />
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">Opppsss not found !</h1>
      <p className="mt-2 max-w-md text-ink-500">The page you are looking for was moved, sold or never existed.</p>
      <ButtonLink to={paths.home} size="lg" className="mt-8">
        Back To Home
      </ButtonLink>
    </div>
  );
}
