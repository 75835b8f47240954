import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackgroundJob, WebhookDelivery } from "../../../shared/api/admin-background";
import { AppProviders, createQueryClient } from "../../app/providers";
import { BackgroundWork } from "./background-work";

const dead: BackgroundJob = {
  id: "7b0c6a5e-2f7e-4c62-9a39-0d7f3a0c1e11",
  queue: "send-email",
  state: "dead",
  summary: "verify_email → bounce@example.com",
  attempts: 1,
  retries: 6,
  lastError: "Can't send mail - all recipients were rejected: 550 No such mailbox",
  enqueuedAt: "2026-03-01T10:00:00.000Z",
  failedAt: "2026-03-01T10:00:02.000Z",
  nextAttemptAt: null,
};
const retrying: BackgroundJob = {
  ...dead,
  id: "0f1e2d3c-4b5a-4697-8877-665544332211",
  state: "retrying",
  summary: "reset_password → slow@example.com",
  attempts: 2,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  nextAttemptAt: "2026-03-01T10:05:00.000Z",
};
const rejected: WebhookDelivery = {
  id: 1,
  provider: "stripe",
  eventId: "evt_1",
  eventType: "checkout.session.completed",
  outcome: "rejected",
  error: "no account for cus_9",
  deliveries: 3,
  attempts: 1,
  receivedAt: "2026-03-01T09:00:00.000Z",
  lastReceivedAt: "2026-03-01T09:30:00.000Z",
  processedAt: "2026-03-01T09:00:00.000Z",
};
const processed: WebhookDelivery = { ...rejected, id: 2, eventId: "evt_2", outcome: "processed", error: null, deliveries: 1 };

const json = (body: unknown, status = 200) => Response.json(body, { status });

function stubApi(options: { retryAnswer?: Response } = {}) {
  let jobs = [dead, retrying];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/jobs") {
      return json({ queues: [{ queue: "send-email", waiting: 0, running: 0, retrying: 1, dead: jobs.filter((job) => job.state === "dead").length, completedLastDay: 12 }], problems: jobs, generatedAt: "2026-03-01T10:10:00.000Z" });
    }
    if (url.pathname === `/api/admin/jobs/${dead.id}/retry` && init?.method === "POST") {
      if (options.retryAnswer) return options.retryAnswer;
      jobs = [retrying];
      return json({ job: dead });
    }
    if (url.pathname === "/api/admin/webhooks/deliveries") {
      const deliveries = url.searchParams.get("filter") === "problems" ? [rejected] : [rejected, processed];
      return json({ deliveries, total: deliveries.length, page: 1, pageSize: 20 });
    }
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderSection() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BackgroundWork />
    </AppProviders>,
  );
}

const requested = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? "GET") === method && String(input).startsWith(path));

describe("the dashboard's background work", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the queues and each failed job with its state, tries, times and last error", async () => {
    stubApi();
    renderSection();
    const queues = await screen.findByRole("region", { name: "Job queues" });
    const emails = within(queues).getByRole("row", { name: /Emails/ });
    expect(within(emails).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["0", "0", "1", "1", "12"]);

    const deadItem = screen.getByText("verify_email → bounce@example.com").closest("li")!;
    expect(deadItem.textContent).toContain("Failed, no more tries");
    expect(deadItem.textContent).toContain("1 of 7");
    expect(deadItem.textContent).toContain("550 No such mailbox");
    expect(within(deadItem).getByText("Gave up")).toBeTruthy();

    const retryingItem = screen.getByText("reset_password → slow@example.com").closest("li")!;
    expect(retryingItem.textContent).toContain("Failing, will try again");
    expect(within(retryingItem).getByText("Next try")).toBeTruthy();
    // Only a dead job can be sent again by hand.
    expect(within(retryingItem).queryByRole("button")).toBeNull();
  });

  it("retries a dead job and says so", async () => {
    const fetchMock = stubApi();
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Retry job verify_email → bounce@example.com" }));
    expect(await screen.findByText("Queued again: verify_email → bounce@example.com")).toBeTruthy();
    expect(requested(fetchMock, "POST", `/api/admin/jobs/${dead.id}/retry`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retry job verify_email → bounce@example.com" })).toBeNull());
  });

  it("explains in the reader's words when the job is no longer there to retry", async () => {
    stubApi({ retryAnswer: json({ error: { code: "job_not_found", message: "gone" } }, 404) });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Retry job verify_email → bounce@example.com" }));
    expect(await screen.findByText("This job is no longer waiting to be retried. It may have been retried already, or it has expired.")).toBeTruthy();
  });

  it("lists provider events with their outcome and reason, and filters the problems", async () => {
    const fetchMock = stubApi();
    renderSection();
    const first = (await screen.findByText("evt_1")).closest("li")!;
    expect(first.textContent).toContain("Rejected");
    expect(first.textContent).toContain("no account for cus_9");
    expect(first.textContent).toContain("stripe · checkout.session.completed");
    expect(screen.getByText("evt_2").closest("li")!.textContent).toContain("Processed");

    const problemsOnly = screen.getByRole("button", { name: "Problems only" });
    expect(problemsOnly.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(problemsOnly);
    await waitFor(() => expect(screen.queryByText("evt_2")).toBeNull());
    expect(problemsOnly.getAttribute("aria-pressed")).toBe("true");
    expect(requested(fetchMock, "GET", "/api/admin/webhooks/deliveries?filter=problems")).not.toHaveLength(0);
  });
});
