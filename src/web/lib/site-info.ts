import { useQuery } from "@tanstack/react-query";
import { siteInfoRoute } from "../../shared/api/routes";
import { callApi } from "./api-client";

/** The site's public facts from configuration (`GET /api/site`): one query for the footer and every page that names them. */
export function useSiteInfo() {
  return useQuery({ queryKey: ["site"], queryFn: () => callApi(siteInfoRoute), staleTime: Infinity });
}

/**
 * The support address comes from the server's configuration (SUPPORT_EMAIL), never
 * from the text. Undefined while loading or when it could not be read.
 */
export function useSupportEmail(): { email: string | undefined; settled: boolean } {
  const site = useSiteInfo();
  return { email: site.data?.supportEmail, settled: !site.isPending };
}
