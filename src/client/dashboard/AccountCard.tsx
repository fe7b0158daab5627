import { useAuth } from '#client/accounts/AuthProvider';
import type { Roles } from '#client/accounts/api/roles';
import { Avatar } from '#client/components/Avatar';
import { Badge } from '#client/components/Badge';
import { Msg, type MessageId } from '#client/i18n';

const roleLabels: Array<[keyof Roles, MessageId]> = [
  ['isAdmin', 'dashboard.role.admin'],
  ['isSeller', 'dashboard.role.seller'],
  ['isBuyer', 'dashboard.role.buyer'],
];

/** Who is signed in, at the top of the side menu, so the user knows whose dashboard this is. */
export function AccountCard({ roles }: { roles: Roles }) {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.displayName ?? user.email;
  return (
    <div className="flex items-center gap-3">
      <Avatar name={name} src={user.photoURL} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-ink-900" translate="no">
          {name}
        </p>
        <p className="truncate text-xs text-ink-500" translate="no">
          {user.email}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          {roleLabels
            .filter(([flag]) => roles[flag])
            .map(([flag, label]) => (
              <Badge key={flag} tone="brand">
                <Msg id={label} />
              </Badge>
            ))}
        </div>
      </div>
    </div>
  );
}
