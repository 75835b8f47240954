import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router";

/**
 * A post's Markdown as React elements (react-markdown). Raw HTML in a post is never
 * rendered (no rehype-raw: it is dropped), and react-markdown's URL filter drops
 * javascript: and other unsafe link targets. Paths on our site stay in the app;
 * links elsewhere open in a new tab with rel="noopener noreferrer".
 */
const components: Components = {
  a({ href = "", children, node: _node, ...rest }) {
    if (href.startsWith("/") && !href.startsWith("//")) {
      return (
        <Link to={href} {...(rest as Omit<ComponentProps<typeof Link>, "to">)}>
          {children}
        </Link>
      );
    }
    const external = /^https?:\/\//i.test(href);
    return (
      <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  },
  // The page's title is the one h1; a "#" heading in a post becomes a section heading.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  img: ({ node: _node, alt = "", ...props }) => <img {...props} alt={alt} loading="lazy" decoding="async" className="h-auto max-w-full rounded-lg" />,
};

/** Typography for the rendered post, with logical spacing so Arabic mirrors. */
const PROSE =
  "space-y-4 text-base leading-7 text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-brand-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-4 [&_blockquote]:py-2 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ms-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2";

export function Markdown({ source, className = "" }: { source: string; className?: string }) {
  return (
    <div className={`${PROSE} ${className}`}>
      <ReactMarkdown components={components}>{source}</ReactMarkdown>
    </div>
  );
}

export default Markdown;
