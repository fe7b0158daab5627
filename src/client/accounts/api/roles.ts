import { queryOptions, useQueries } from '@tanstack/react-query';
import type { RoleCheck, RoleCheckRole } from '#shared/auth';
import { api, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** The answers of the three role checks together. */
export type Roles = RoleCheck<'admin'> & RoleCheck<'seller'> & RoleCheck<'buyer'>;

export type Role = RoleCheckRole;

function fetchRole<R extends Role>(role: R, email: string, signal?: AbortSignal) {
  return api<RoleCheck<R>>(`/${role}/${enc(email)}`, { auth: true, signal });
}

// An empty email is nobody signed in: there is no one to ask about.
const roleQueryOptions = <R extends Role>(role: R, email: string) =>
  queryOptions({
    queryKey: queryKeys.roles(role, email),
    queryFn: ({ signal }) => fetchRole(role, email, signal),
    enabled: email !== '',
  });

const adminRoleQueryOptions = (email: string) => roleQueryOptions('admin', email);
export const sellerRoleQueryOptions = (email: string) => roleQueryOptions('seller', email);
const buyerRoleQueryOptions = (email: string) => roleQueryOptions('buyer', email);

interface RoleChecks {
  roles: Roles;
  /** Until all three checks have answered; false as soon as one has failed. */
  loading: boolean;
  /** Why a check failed before it ever answered; the roles are then unknown, not false. */
  error: Error | null;
  /** Asks the failed checks again. */
  retry: () => void;
}

/** The three role checks of the signed-in user, asked in parallel. */
export function useRoles(email: string): RoleChecks {
  return useQueries({
    queries: [adminRoleQueryOptions(email), sellerRoleQueryOptions(email), buyerRoleQueryOptions(email)],
    combine: (checks) => {
      const [admin, seller, buyer] = checks;
      const failed = checks.filter((check) => check.isLoadingError);
      return {
        roles: {
          isAdmin: admin.data?.isAdmin ?? false,
          isSeller: seller.data?.isSeller ?? false,
          isBuyer: buyer.data?.isBuyer ?? false,
        },
        loading: failed.length === 0 && checks.some((check) => check.isPending),
        error: failed[0]?.error ?? null,
        retry: () => failed.forEach((check) => void check.refetch()),
      };
    },
  });
}
