import { useQuery } from "@tanstack/react-query";
import { currentAccount } from "../../../shared/api/accounts";
import { callApi } from "../../lib/api-client";
import { authClient } from "../../lib/auth-client";
import { ACCOUNT_QUERY_KEY } from "./use-auth";

/** The signed-in account's details (shares its cache entry with useAuth). */
export function useCurrentAccount() {
  const session = authClient.useSession();
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, session.data?.user?.id ?? "anonymous"],
    enabled: Boolean(session.data?.user),
    staleTime: 60_000,
    queryFn: () => callApi(currentAccount),
  });
}
