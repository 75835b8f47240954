import path from "node:path";

/**
 * A feature of the web app (src/web/features/<name>/) is a unit of its own: it imports from
 * lib/, components/, app/, shared/ and itself, never from another feature. What two features
 * both need lives in lib/ or components/, and only app/ (the router, the pages that compose
 * several features) puts features together, so a feature can change or go without a search
 * through the others. The rule resolves each relative specifier, so `../b/x` and
 * `../../features/b/x` are caught alike.
 */
const FEATURES = path.join("src", "web", "features");

/** The feature a path lies in, or null outside src/web/features. */
function featureOf(file, root) {
  const relative = path.relative(path.join(root, FEATURES), file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A web feature imports no other feature's files (docs/ARCHITECTURE.md)." },
    messages: {
      crossFeature:
        "features/{{from}} imports from features/{{to}}: features import only lib/, components/, app/, shared/ and themselves; move what both use to src/web/lib or src/web/components.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const from = featureOf(file, root);
    if (!from) return {};
    const check = (source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const to = featureOf(path.resolve(path.dirname(file), source.value.split("?")[0]), root);
      if (to && to !== from) context.report({ node: source, messageId: "crossFeature", data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // import("../b/x").Type in a type position.
      TSImportType: (node) => check(node.source),
    };
  },
};
