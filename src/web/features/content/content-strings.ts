import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { siteInfo } from "../../../shared/api/site";
import { callApi } from "../../lib/api-client";
import { i18n } from "../../lib/i18n/i18n";
import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefixes of the FAQ's strings (data/translations/<lang>/faq.json). */
export const FAQ_PREFIXES = ["faq."] as const;
/** The key prefix of the terms' and privacy policy's strings (data/translations/<lang>/legal.json). */
export const LEGAL_PREFIXES = ["legal."] as const;

/**
 * English ships in the app's bundle except these two files: the FAQ and the legal
 * texts are long, and only their own pages need them, so they arrive as their own
 * chunks (English is also every language's fallback, so it is loaded in every language).
 */
type ContentFile = "faq" | "legal";
const englishFiles = import.meta.glob<Record<string, string>>("../../../../data/translations/en/{faq,legal}.json", { import: "default" });
const englishLoads = new Map<ContentFile, Promise<void>>();
const SAMPLE_KEY: Record<ContentFile, string> = { faq: "faq.title", legal: "legal.contents" };

const hasEnglish = (file: ContentFile) => i18n.getResource("en", "translation", SAMPLE_KEY[file]) !== undefined;

function loadEnglish(file: ContentFile): Promise<void> {
  let load = englishLoads.get(file);
  if (!load) {
    const loader = englishFiles[`../../../../data/translations/en/${file}.json`];
    load = (loader ? loader() : Promise.reject(new Error(`no English ${file}.json`))).then(
      (strings) => void i18n.addResourceBundle("en", "translation", strings, true, false),
      (error: unknown) => {
        // A later visit may try again; meanwhile the page shows what the language's own strings give.
        englishLoads.delete(file);
        console.warn("content strings could not be loaded", error);
      },
    );
    englishLoads.set(file, load);
  }
  return load;
}

function useContentStrings(file: ContentFile, prefixes: readonly string[]): boolean {
  const translated = useStrings(prefixes);
  const [english, setEnglish] = useState(() => hasEnglish(file));
  useEffect(() => {
    if (english) return;
    let current = true;
    void loadEnglish(file).then(() => {
      if (current) setEnglish(true);
    });
    return () => {
      current = false;
    };
  }, [file, english]);
  return translated && english;
}

/** Whether the FAQ's strings (English and the current language) are ready; FAQ_ENTRIES' keys need them. */
export const useFaqStrings = () => useContentStrings("faq", FAQ_PREFIXES);
export const useLegalStrings = () => useContentStrings("legal", LEGAL_PREFIXES);

/**
 * The support address comes from the server's configuration (SUPPORT_EMAIL), never
 * from the text: the same query as the footer's, so one request serves both.
 * Undefined while loading or when it could not be read.
 */
export function useSupportEmail(): { email: string | undefined; settled: boolean } {
  const site = useQuery({ queryKey: ["site"], queryFn: () => callApi(siteInfo), staleTime: Infinity });
  return { email: site.data?.supportEmail, settled: !site.isPending };
}
