// @ts-check

/** The meta element naming the app's code: read by src/web/boot.ts. */
export const APP_FILES_META = "app-files";

/**
 * Names the app's code (src/web/main.tsx and what it imports, as built) in index.html, in
 * `<meta name="app-files" content="/assets/main-….js /assets/framework-….js …">`: a visitor's
 * page starts its app only at their first use (decision 051), and fetches these files into
 * the browser's cache once the page has loaded and the browser is idle, so that the first
 * use does not wait for them to cross the network. Only Vite knows the built names.
 * @returns {import("vite").Plugin}
 */
export function appFiles() {
  return {
    name: "app-files",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const main = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll("\\", "/").endsWith("/src/web/main.tsx"));
        if (!main) throw new Error("app-files: the build has no chunk for src/web/main.tsx");
        /** @type {string[]} */
        const files = [];
        /** @param {string} fileName */
        const visit = (fileName) => {
          if (files.includes(fileName)) return;
          files.push(fileName);
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(main.fileName);
        return [{ tag: "meta", attrs: { name: APP_FILES_META, content: files.map((file) => `/${file}`).join(" ") }, injectTo: "head" }];
      },
    },
  };
}
