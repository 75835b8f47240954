import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callCreditPolicy, creditCall, saveCallCreditPolicy, type CallCreditPolicy } from "../../../shared/api/call-credits";
import { callApi } from "../../lib/api-client";

const POLICY_KEY = ["admin", "call-credit-policy"] as const;

/** Credits one call back; the call's detail, the list (its totals) and the customer's ledger views are read again. */
export function useCreditCall(callSid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: string; reason: string }) => callApi(creditCall, { params: { callSid }, body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ["admin", "calls"] }), queryClient.invalidateQueries({ queryKey: ["admin", "credit-audit"] })]),
  });
}

export function useCallCreditPolicy() {
  return useQuery({ queryKey: POLICY_KEY, queryFn: ({ signal }) => callApi(callCreditPolicy, { signal }) });
}

export function useSaveCallCreditPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: CallCreditPolicy) => callApi(saveCallCreditPolicy, { body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(POLICY_KEY, saved),
  });
}
