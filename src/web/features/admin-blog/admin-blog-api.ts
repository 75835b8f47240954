import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminBlogCoverUpload,
  adminBlogPostCreate,
  adminBlogPostDelete,
  adminBlogPostPublish,
  adminBlogPostsList,
  adminBlogPostUnpublish,
  adminBlogPostUpdate,
  type BlogPostFields,
} from "../../../shared/api/blog";
import { isApiErrorBody } from "../../../shared/api/errors";
import { ApiError, callApi } from "../../lib/api-client";

const POSTS_KEY = ["admin", "blog", "posts"] as const;

export function useAdminPosts() {
  return useQuery({ queryKey: POSTS_KEY, queryFn: ({ signal }) => callApi(adminBlogPostsList, { signal }) });
}

/** Every change re-reads the admin list and drops the public blog's cached pages. */
function usePostMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: POSTS_KEY }), queryClient.invalidateQueries({ queryKey: ["blog"] })]);
    },
  });
}

export function useCreatePost() {
  return usePostMutation((body: BlogPostFields) => callApi(adminBlogPostCreate, { body }));
}

export function useUpdatePost() {
  return usePostMutation(({ id, change }: { id: string; change: Partial<BlogPostFields> }) => callApi(adminBlogPostUpdate, { params: { postId: id }, body: change }));
}

export function useSetPublished() {
  return usePostMutation(({ id, published }: { id: string; published: boolean }) =>
    callApi(published ? adminBlogPostPublish : adminBlogPostUnpublish, { params: { postId: id } }),
  );
}

export function useDeletePost() {
  return usePostMutation((id: string) => callApi(adminBlogPostDelete, { params: { postId: id } }));
}

/** Sends the image's bytes as they are; the server tells the type from them and answers the cover's address. */
export async function uploadCover(file: File): Promise<string> {
  let response: Response;
  try {
    response = await fetch(adminBlogCoverUpload.path, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/octet-stream" },
      body: file,
    });
  } catch {
    throw new ApiError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message);
    throw new ApiError(response.status, response.status === 413 ? "payload_too_large" : "internal_error", `The server answered ${response.status}`);
  }
  return adminBlogCoverUpload.response.parse(payload).cover;
}
