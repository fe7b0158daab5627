import { useAuth } from '../../auth/AuthProvider';
import type { Roles } from '../../api/roles';
import { Badge } from '../../components/Badge';

const roleLabels: Array<[keyof Roles, string]> = [
  ['isAdmin', 'Admin'],
  ['isSeller', 'Seller'],
  ['isBuyer', 'Buyer'],
];

/** Who is signed in, at the top of the side menu, so the user knows whose dashboard this is. */
export function AccountCard({ roles }: { roles: Roles }) {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.displayName ?? user.email;
  return (
    <div className="flex items-center gap-3">
      {user.photoURL ? (
        <img src={user.photoURL} alt={`${name}'s profile photo`} className="size-11 shrink-0 rounded-full bg-ink-100 object-cover ring-2 ring-white" />
      ) : (
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-700">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-ink-900">{name}</p>
        <p className="truncate text-xs text-ink-500">{user.email}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          {roleLabels
            .filter(([flag]) => roles[flag])
            .map(([flag, label]) => (
              <Badge key={flag} tone="brand">
                {label}
              </Badge>
            ))}
        </div>
      </div>
    </div>
  );
}
