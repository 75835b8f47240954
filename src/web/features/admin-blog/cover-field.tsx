import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { BLOG_COVER_MAX_BYTES } from "../../../shared/api/blog";
import { Button } from "../../components/ui/button";
import { apiErrorMessage } from "../../lib/api-error-message";
import { uploadCover } from "./admin-blog-api";

/** The cover: a preview, an upload button (PNG, JPEG or WebP up to 2 MB; the server checks the bytes) and removal. */
export function CoverField({ value, onChange }: { value: string | null; onChange: (cover: string | null) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // Said here at once; the server refuses a larger file anyway.
    if (file.size > BLOG_COVER_MAX_BYTES) {
      setError(t("errors.payload_too_large"));
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadCover(file));
    } catch (failure) {
      setError(apiErrorMessage(t, failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{t("blog.admin.cover")}</p>
      {value ? <img src={value} alt={t("blog.admin.cover_preview")} className="aspect-[16/9] w-full max-w-xs rounded-lg object-cover ring-1 ring-slate-200" /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-50"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {uploading ? t("blog.admin.cover_uploading") : value ? t("blog.admin.cover_replace") : t("blog.admin.cover_upload")}
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        {value ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t("blog.admin.cover_remove")}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-500">{t("blog.admin.cover_hint")}</p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
