import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteAccount, getProfile, updateProfile, updateSpending, type Profile } from "../../../shared/api/profile";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";
import { ACCOUNT_QUERY_KEY } from "../../lib/auth/use-auth";

export const PROFILE_QUERY_KEY = ["profile"] as const;

/** The signed-in person's profile (GET /api/profile): name, language, balance, member since, spending settings. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => callApi(getProfile, { signal }) });
}

/** Saves the name and/or language; the answer is the profile as stored, and /api/me is read again (it reports the language). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; locale?: Locale }) => callApi(updateProfile, { body }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
    },
  });
}

/** Saves both spending controls (decimal strings, or null to clear). */
export function useUpdateSpending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { dailyLimit: string | null; lowBalanceAlert: string | null }) => callApi(updateSpending, { body }),
    onSuccess: (spending) => queryClient.setQueryData(PROFILE_QUERY_KEY, (profile: Profile | undefined) => (profile ? { ...profile, spending } : profile)),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (confirmation: string) => callApi(deleteAccount, { body: { confirmation } }) });
}
