import type { AdminBlogPost } from "../../../shared/api/blog";
import { PostActions, PostDate, PostLanguage, PostStatusBadge, PostTitle, type PostActionHandlers } from "./post-cells";

/** One post as a card, for phones: its facts stacked, and the same actions as its row in the table. */
export function PostCard({ post, handlers }: { post: AdminBlogPost; handlers: PostActionHandlers }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <PostTitle post={post} />
        <PostStatusBadge post={post} />
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
        <PostLanguage post={post} />
        <PostDate post={post} />
      </p>
      <PostActions post={post} handlers={handlers} />
    </>
  );
}
