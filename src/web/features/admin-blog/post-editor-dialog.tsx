import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminBlogPost, BlogPostFields } from "../../../shared/api/blog";
import { LOCALE_NAMES, LOCALES } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api-client";
import { useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { Markdown } from "../../components/markdown";
import { useCreatePost, useUpdatePost } from "./admin-blog-api";
import { CoverField } from "./cover-field";
import { emptyPostForm, formValuesOf, postFormSchema, slugFromTitle, type PostFormValues } from "./post-form";

/** Which post the editor holds: a new one, an existing one, or none (closed). */
export type PostEditorTarget = { mode: "create" } | { mode: "edit"; post: AdminBlogPost } | null;

const TEXTAREA = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

/** Create and edit, with the Markdown rendered beside the text as it is typed. */
export function PostEditorDialog({ target, onClose }: { target: PostEditorTarget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent title={target.mode === "create" ? t("blog.admin.create_title") : t("blog.admin.edit_title")} description={t("blog.admin.form_description")} className="max-w-6xl">
          <PostForm key={target.mode === "edit" ? target.post.id : "new"} target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PostForm({ target, onDone }: { target: NonNullable<PostEditorTarget>; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const schema = useMemo(() => postFormSchema(t), [t]);
  const form = useForm<PostFormValues, unknown, BlogPostFields>({
    resolver: zodResolver(schema),
    defaultValues: target.mode === "edit" ? formValuesOf(target.post) : emptyPostForm(locale),
  });
  const create = useCreatePost();
  const update = useUpdatePost();
  const saving = create.isPending || update.isPending;
  const { errors } = form.formState;
  const body = form.watch("body");
  const title = form.watch("title");
  const language = form.watch("language");

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === "blog_slug_taken") {
      form.setError("slug", { message: apiErrorMessage(t, error) });
      return;
    }
    form.setError("root", { message: apiErrorMessage(t, error) });
  };

  const submit = form.handleSubmit((fields) => {
    const done = () => {
      notify.success(t("blog.admin.saved", { title: fields.title }));
      onDone();
    };
    if (target.mode === "create") create.mutate(fields, { onSuccess: done, onError: failed });
    else update.mutate({ id: target.post.id, change: fields }, { onSuccess: done, onError: failed });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <Field label={t("blog.admin.title")} error={errors.title?.message}>
          <Input
            {...form.register("title", {
              onBlur: () => {
                // A new post's address follows its title until the admin writes one.
                if (target.mode === "create" && form.getValues("slug") === "") form.setValue("slug", slugFromTitle(form.getValues("title")));
              },
            })}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("blog.admin.slug")} hint={t("blog.admin.slug_hint")} error={errors.slug?.message}>
            <Input dir="ltr" autoCapitalize="off" spellCheck={false} {...form.register("slug")} />
          </Field>
          <Field label={t("blog.admin.language")} error={errors.language?.message}>
            <select className={TEXTAREA} {...form.register("language")}>
              {LOCALES.map((code) => (
                <option key={code} value={code}>
                  {LOCALE_NAMES[code].name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={t("blog.admin.excerpt")} hint={t("blog.admin.excerpt_hint")} error={errors.excerpt?.message}>
          <textarea rows={3} className={TEXTAREA} {...form.register("excerpt")} />
        </Field>
        <Field label={t("blog.admin.body")} hint={t("blog.admin.body_hint")} error={errors.body?.message}>
          <textarea rows={16} dir="auto" className={`${TEXTAREA} font-mono`} {...form.register("body")} />
        </Field>
        <Controller control={form.control} name="cover" render={({ field }) => <CoverField value={field.value} onChange={field.onChange} />} />
      </div>
      <section aria-label={t("blog.admin.preview")} className="min-w-0 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("blog.admin.preview")}</p>
        <div lang={language} dir={language === "ar" ? "rtl" : "ltr"} className="mt-3">
          <p className="text-2xl font-bold text-slate-900">{title || t("blog.admin.preview_untitled")}</p>
          {body.trim() ? <Markdown source={body} className="mt-4" /> : <p className="mt-4 text-sm text-slate-500">{t("blog.admin.preview_empty")}</p>}
        </div>
      </section>
      <div className="space-y-3 lg:col-span-2">
        {errors.root?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.message}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
            {t("blog.admin.cancel")}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t("blog.admin.saving") : t("blog.admin.save")}
          </Button>
        </div>
      </div>
    </form>
  );
}
