import { AlertTriangle, CheckCircle2, Clock, RotateCcw } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { BackgroundJob, QueueCountsView } from "../../../shared/api/admin-background";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import { useAdminJobs, useRetryJob } from "./background-api";
import { formatMoment, queueName } from "./background-format";
import { apiErrorMessage } from "../../lib/api-error-message";

function QueueTable({ queues }: { queues: QueueCountsView[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const columns = [
    ["waiting", t("background.jobs.waiting")],
    ["running", t("background.jobs.running")],
    ["retrying", t("background.jobs.retrying")],
    ["dead", t("background.jobs.dead")],
    ["completedLastDay", t("background.jobs.completed_last_day")],
  ] as const;
  return (
    <Table label={t("background.jobs.queues")}>
      <TableHead>
        <tr>
          <TableHeaderCell>{t("background.jobs.queue")}</TableHeaderCell>
          {columns.map(([key, label]) => (
            <TableHeaderCell key={key} className="whitespace-normal text-end">
              {label}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {queues.map((queue) => (
          <TableRow key={queue.queue}>
            <th scope="row" className="px-3 py-2.5 text-start font-medium text-slate-900">
              {queueName(t, queue.queue)}
            </th>
            {columns.map(([key]) => (
              <TableCell key={key} className={key === "dead" && queue.dead > 0 ? "text-end font-semibold text-red-700 tabular-nums" : "text-end tabular-nums"}>
                {number.format(queue[key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

/** One failed job: what it was, when, how many tries, the last error, and (when dead) a way to send it again. */
function ProblemJob({ job }: { job: BackgroundJob }) {
  const { t, i18n } = useTranslation();
  const retry = useRetryJob();
  const number = new Intl.NumberFormat(i18n.language);
  const dead = job.state === "dead";
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () => notify.success(t("background.jobs.retried", { job: job.summary })),
      onError: (error) => notify.error(apiErrorMessage(t, error)),
    });
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-medium text-slate-900">
            <bdi dir="ltr">{job.summary}</bdi>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span
              className={
                dead
                  ? "inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
                  : "inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200"
              }
            >
              {dead ? <AlertTriangle aria-hidden="true" className="size-3.5" /> : <Clock aria-hidden="true" className="size-3.5" />}
              {dead ? t("background.jobs.state_dead") : t("background.jobs.state_retrying")}
            </span>
            <span>{queueName(t, job.queue)}</span>
          </p>
        </div>
        {dead ? (
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={retry.isPending} aria-label={t("background.jobs.retry_label", { job: job.summary })}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {retry.isPending ? t("background.jobs.retrying_now") : t("background.jobs.retry")}
          </Button>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t("background.jobs.tries")}</dt>
        <dd className="tabular-nums">{t("background.jobs.tries_value", { attempts: number.format(job.attempts), allowed: number.format(job.retries + 1) })}</dd>
        <dt className="text-slate-600">{t("background.jobs.enqueued_at")}</dt>
        <dd>
          <time dateTime={job.enqueuedAt}>{formatMoment(job.enqueuedAt, i18n.language)}</time>
        </dd>
        {job.failedAt ? (
          <>
            <dt className="text-slate-600">{dead ? t("background.jobs.failed_at") : t("background.jobs.last_failed_at")}</dt>
            <dd>
              <time dateTime={job.failedAt}>{formatMoment(job.failedAt, i18n.language)}</time>
            </dd>
          </>
        ) : null}
        {job.nextAttemptAt ? (
          <>
            <dt className="text-slate-600">{t("background.jobs.next_attempt_at")}</dt>
            <dd>
              <time dateTime={job.nextAttemptAt}>{formatMoment(job.nextAttemptAt, i18n.language)}</time>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t("background.jobs.last_error")}</dt>
        <dd className="min-w-0">
          {job.lastError ? (
            <code dir="ltr" className="block whitespace-pre-wrap break-words rounded bg-slate-50 px-2 py-1 text-start text-xs text-slate-800">
              {job.lastError}
            </code>
          ) : (
            <span className="text-slate-500">{t("background.jobs.no_error")}</span>
          )}
        </dd>
      </dl>
    </li>
  );
}

/** The job queues at a glance, and every job that failed, newest first. */
export function BackgroundJobs() {
  const { t } = useTranslation();
  const jobs = useAdminJobs();
  return (
    <Card className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t("background.jobs.title")}</h3>
      {jobs.isPending ? <Spinner /> : null}
      {jobs.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {apiErrorMessage(t, jobs.error)}
        </p>
      ) : null}
      {jobs.data ? (
        <>
          <QueueTable queues={jobs.data.queues} />
          <h4 className="pt-2 font-semibold text-slate-900">{t("background.jobs.problems_title")}</h4>
          {jobs.data.problems.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
              {t("background.jobs.none")}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {jobs.data.problems.map((job) => (
                <ProblemJob key={job.id} job={job} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Card>
  );
}
