import { useParams } from "react-router";
import { AdminUsersPage } from "./admin-users-page";
import { USERS_PAGE_PREFIXES } from "./admin-users-strings";
import { UserPage } from "./user-page";

/**
 * /{lang}/users and /{lang}/users/:userId from one module: both routes name the same import, so
 * the router's list (in the first load) grows by as little as it can.
 */
export function UsersRoute() {
  const { userId } = useParams();
  return userId === undefined ? <AdminUsersPage /> : <UserPage />;
}

export default UsersRoute;

/** The strings both pages wait for (app/page-routes.tsx). */
export const pageStrings = USERS_PAGE_PREFIXES;
