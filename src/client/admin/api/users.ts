import { useInfiniteQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '#client/api/refreshAll';
import type { RegisterRole } from '#shared/auth';
import type { User } from '#shared/users';
import { apiDelete, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** The roles the admin lists: buyers and sellers. */
export type ListedRole = RegisterRole;

/** GET /buyers or /sellers (admin): the registered users of one role, a page at a time. */
const usersQueryOptions = (role: ListedRole) => pagedListOptions<User>(queryKeys.users(role), `/${role}s`);

export const useUsers = (role: ListedRole) => useInfiniteQuery(usersQueryOptions(role));

/** DELETE /buyers/{id} or /sellers/{id} (admin). */
function deleteUser(role: ListedRole, id: string) {
  return apiDelete(`/${role}s/${enc(id)}`);
}

export const useDeleteUser = (role: ListedRole) =>
  useRefreshingMutation(
    (id: string) => deleteUser(role, id),
    // A deleted seller takes their pending verification request with them.
    () => (role === 'seller' ? [queryKeys.users(role), queryKeys.verification.all] : [queryKeys.users(role)]),
  );
