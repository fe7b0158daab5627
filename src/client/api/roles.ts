import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, enc } from './http';

export interface Roles {
  isAdmin: boolean;
  isSeller: boolean;
  isBuyer: boolean;
}

export type Role = 'admin' | 'seller' | 'buyer';

type RoleAnswer<R extends Role> = Record<`is${Capitalize<R>}`, boolean>;

function fetchRole<R extends Role>(role: R, email: string, signal?: AbortSignal) {
  return api<RoleAnswer<R>>(`/${role}/${enc(email)}`, { auth: true, signal });
}

export const adminRoleQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['roles', 'admin', email], queryFn: ({ signal }) => fetchRole('admin', email, signal) });

export const sellerRoleQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['roles', 'seller', email], queryFn: ({ signal }) => fetchRole('seller', email, signal) });

export const buyerRoleQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['roles', 'buyer', email], queryFn: ({ signal }) => fetchRole('buyer', email, signal) });

/** The three role checks of the signed-in user, asked in parallel; `loading` until all have answered. */
export function useRoles(email: string): { roles: Roles; loading: boolean } {
  return useQueries({
    queries: [adminRoleQueryOptions(email), sellerRoleQueryOptions(email), buyerRoleQueryOptions(email)],
    combine: ([admin, seller, buyer]) => ({
      roles: {
        isAdmin: admin.data?.isAdmin ?? false,
        isSeller: seller.data?.isSeller ?? false,
        isBuyer: buyer.data?.isBuyer ?? false,
      },
      loading: admin.isPending || seller.isPending || buyer.isPending,
    }),
  });
}
