import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminUserBan,
  adminUserDetail,
  adminUserRole,
  adminUsers,
  adminUserUnban,
  adminUserVerificationEmail,
  SORT_DIRECTIONS,
  USER_ROLES,
  USER_SORTS,
  YES_NO,
  type UserRole,
  type UserSort,
} from "../../../shared/api/admin-users";
import { callApi } from "../../lib/api-client";
import { listSearch, oneOf, textUpTo } from "../../components/list-page/list-search";

/** What the users page keeps in the address: the search, the filters and the order. */
export interface AdminUsersView {
  q?: string;
  role?: UserRole;
  verified?: (typeof YES_NO)[number];
  banned?: (typeof YES_NO)[number];
  balanceMin?: string;
  balanceMax?: string;
  sort?: UserSort;
  dir?: (typeof SORT_DIRECTIONS)[number];
}
export type AdminUsersField = keyof AdminUsersView;

const AMOUNT = /^\d{1,9}(\.\d{1,4})?$/;

/** The server's own order when the address names none: newest accounts first. */
export const DEFAULT_SORT = { sort: "created", dir: "desc" } as const;

/**
 * The search, filters and order in the address, each kept only when it is a value the server
 * takes (a hand-edited link never fails); clearing the filters keeps the order.
 */
export const ADMIN_USERS_SEARCH = listSearch<AdminUsersView>(
  {
    q: textUpTo(200),
    role: oneOf(USER_ROLES),
    verified: oneOf(YES_NO),
    banned: oneOf(YES_NO),
    balanceMin: (value) => AMOUNT.test(value),
    balanceMax: (value) => AMOUNT.test(value),
    sort: oneOf(USER_SORTS),
    dir: oneOf(SORT_DIRECTIONS),
  },
  { kept: ["sort", "dir"] },
);

const ADMIN_USERS_KEY = ["admin", "users"] as const;

export function useAdminUsers(view: AdminUsersView, page: number) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, "list", view, page],
    queryFn: ({ signal }) => callApi(adminUsers, { query: { ...DEFAULT_SORT, ...view, page }, signal }),
    // The current page stays on screen while the next filter, order or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserDetail(userId: string) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, "detail", userId],
    queryFn: ({ signal }) => callApi(adminUserDetail, { params: { userId }, signal }),
  });
}

/** Every admin action on an account: after it, the account's page and the lists are read again. */
export function useUserActions(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
  const params = { userId };
  return {
    refresh,
    role: useMutation({ mutationFn: (role: UserRole) => callApi(adminUserRole, { params, body: { role } }), onSuccess: refresh }),
    ban: useMutation({ mutationFn: (reason: string) => callApi(adminUserBan, { params, body: { reason } }), onSuccess: refresh }),
    unban: useMutation({ mutationFn: (reason: string) => callApi(adminUserUnban, { params, body: { reason } }), onSuccess: refresh }),
    verification: useMutation({ mutationFn: () => callApi(adminUserVerificationEmail, { params }), onSuccess: refresh }),
  };
}
