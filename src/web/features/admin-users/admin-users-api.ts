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
import type { SearchView, SearchViewCodec } from "../../lib/use-search-view";

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

const FIELDS: readonly AdminUsersField[] = ["q", "role", "verified", "banned", "balanceMin", "balanceMax", "sort", "dir"];
/** The parts that narrow the list (the order does not). */
const FILTERS: readonly AdminUsersField[] = ["q", "role", "verified", "banned", "balanceMin", "balanceMax"];
const AMOUNT = /^\d{1,9}(\.\d{1,4})?$/;

/** The server's own order when the address names none: newest accounts first. */
export const DEFAULT_SORT = { sort: "created", dir: "desc" } as const;

/** One field of the address, kept only when it is a value the server takes (a hand-edited link never fails). */
function accepted(name: AdminUsersField, value: string): boolean {
  switch (name) {
    case "q":
      return value.trim().length > 0 && value.length <= 200;
    case "role":
      return (USER_ROLES as readonly string[]).includes(value);
    case "verified":
    case "banned":
      return (YES_NO as readonly string[]).includes(value);
    case "balanceMin":
    case "balanceMax":
      return AMOUNT.test(value);
    case "sort":
      return (USER_SORTS as readonly string[]).includes(value);
    case "dir":
      return (SORT_DIRECTIONS as readonly string[]).includes(value);
  }
}

export function readAdminUsersSearch(search: URLSearchParams): SearchView<AdminUsersView> {
  const view: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = search.get(name);
    if (value !== null && accepted(name, value)) view[name] = value;
  }
  const page = Number(search.get("page"));
  return { filter: view as AdminUsersView, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function writeAdminUsersSearch(view: AdminUsersView, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FIELDS) {
    const value = view[name];
    if (value) search.set(name, value);
  }
  if (page > 1) search.set("page", String(page));
  return search;
}

export const ADMIN_USERS_SEARCH: SearchViewCodec<AdminUsersView> = { read: readAdminUsersSearch, write: writeAdminUsersSearch };

/** The view with one field changed ("" removes it); null clears the filters and keeps the order. */
export function applyAdminUsersChange(view: AdminUsersView, change: { name: AdminUsersField; value: string } | null): AdminUsersView {
  const next: Record<string, string> = { ...view };
  if (change === null) for (const name of FILTERS) delete next[name];
  else if (change.value) next[change.name] = change.value;
  else delete next[change.name];
  return readAdminUsersSearch(new URLSearchParams(next)).filter;
}

export const isFiltered = (view: AdminUsersView) => FILTERS.some((name) => Boolean(view[name]));

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
