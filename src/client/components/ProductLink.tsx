import { Link } from 'react-router';
import { useLocale } from '#client/i18n';
import { paths } from '#shared/paths';

/** A listing's name (seller-written: never translated) linking to its page; plain text once the listing is gone (an old order's). */
export function ProductLink({ id, name }: { id: string | null; name: string }) {
  const { localePath } = useLocale();
  if (!id) return <span data-user-text>{name}</span>;
  return (
    <Link to={localePath(paths.product(id))} data-user-text className="hover:text-brand-700 hover:underline">
      {name}
    </Link>
  );
}
