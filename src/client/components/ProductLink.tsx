import { Link } from 'react-router';
import { paths } from '#shared/paths';

/** A listing's name linking to its page; plain text once the listing is gone (an old order's). */
export function ProductLink({ id, name }: { id: string | null; name: string }) {
  if (!id) return <>{name}</>;
  return (
    <Link to={paths.product(id)} className="hover:text-brand-700 hover:underline">
      {name}
    </Link>
  );
}
