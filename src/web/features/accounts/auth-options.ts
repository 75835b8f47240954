import { useQuery } from "@tanstack/react-query";
import { authOptions } from "../../../shared/api/accounts";
import { callApi } from "../../lib/api-client";

/** Sign-in options from the server (Google availability, the admin domain); they rarely change. */
export function useAuthOptions() {
  return useQuery({ queryKey: ["auth-options"], queryFn: () => callApi(authOptions), staleTime: Infinity });
}
