import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminDiscountCreate, adminDiscountDelete, adminDiscountsList, adminDiscountUpdate, type DiscountFields } from "../../../shared/api/admin-discounts";
import { callApi } from "../../lib/api-client";

const DISCOUNTS_KEY = ["admin", "discounts"] as const;

export function useDiscounts() {
  return useQuery({ queryKey: DISCOUNTS_KEY, queryFn: ({ signal }) => callApi(adminDiscountsList, { signal }) });
}

/** Every change re-reads the list: statuses and uses are the server's to say. */
function useDiscountMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY }) });
}

export function useCreateDiscount() {
  return useDiscountMutation((body: DiscountFields) => callApi(adminDiscountCreate, { body }));
}

export function useUpdateDiscount() {
  return useDiscountMutation(({ id, change }: { id: string; change: Partial<DiscountFields> & { paused?: boolean } }) =>
    callApi(adminDiscountUpdate, { params: { discountId: id }, body: change }),
  );
}

export function useDeleteDiscount() {
  return useDiscountMutation((id: string) => callApi(adminDiscountDelete, { params: { discountId: id } }));
}
