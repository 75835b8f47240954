import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { engines } from "../test/engines";
import { parseScrape, queryableNames } from "../test/prometheus-text";
import { startTestServer, type TestServer } from "../test/test-server";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  annotations?: { summary?: string; runbook?: string };
}
const alertRules = (): Rule[] => (parse(read("ops/prometheus/alerts.yml")) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}
const dashboardQueries = (): { title: string; expr: string }[] =>
  (JSON.parse(read("ops/grafana/dialwise.json")) as { panels: Panel[] }).panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ title: panel.title, expr: target.expr })));

/** Our series are all called dialwise_*; `up` is the one Prometheus writes itself for every scrape. */
const metricNames = (expr: string): string[] => [...new Set([...expr.matchAll(/\bdialwise_[a-z0-9_]+/g)].map((match) => match[0]))];
const PROMETHEUS_OWN = /\bup\{job="dialwise"\}/;

/** The alert rules and the dashboard ask only for series a running server exports. */
describe.each(engines)("the alert rules and the dashboard against a server's scrape on %s", (engine) => {
  let server: TestServer;
  let exported: Set<string>;
  const token = "ops-files-test-token-0123456789";

  beforeAll(async () => {
    server = await startTestServer(engine, { METRICS_TOKEN: token });
    const response = await server.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    exported = queryableNames(parseScrape(response.body));
  });
  afterAll(() => server.close());

  it("uses in every alert only metrics the server exports", () => {
    const rules = alertRules();
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length > 0 || PROMETHEUS_OWN.test(rule.expr), `${rule.alert} queries no series of ours`).toBe(true);
      for (const name of names) expect(exported, `${rule.alert}: ${name}`).toContain(name);
    }
  });

  it("uses in every dashboard panel only metrics the server exports", () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const names = metricNames(query.expr);
      expect(names.length, `${query.title} queries no series of ours`).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${query.title}: ${name}`).toContain(name);
    }
  });
});

describe("the alert rules", () => {
  it("cover the ledger's drift, dead letters, calls stuck live, server errors and the database", () => {
    const metricsAlerted = new Set(alertRules().flatMap((rule) => metricNames(rule.expr)));
    for (const name of ["dialwise_ledger_drift_accounts", "dialwise_job_dead_letters", "dialwise_calls_stuck_live", "dialwise_http_request_duration_seconds_count", "dialwise_database_up"]) {
      expect(metricsAlerted).toContain(name);
    }
    expect(alertRules().find((rule) => rule.expr.includes("dialwise_http_request_duration_seconds_count"))?.expr).toContain('status_code=~"5..');
  });

  it("each point to their own section of the runbook, which says what it means, how to look and what to do", () => {
    const runbook = read("docs/runbook.md");
    const sections = new Map(
      runbook
        .split(/^## /m)
        .slice(1)
        .map((section) => [section.split("\n")[0]!.trim(), section] as const),
    );
    for (const rule of alertRules()) {
      expect(rule.annotations?.runbook).toBe(`docs/runbook.md#${rule.alert.toLowerCase()}`);
      expect(rule.for, `${rule.alert} fires on one bad scrape`).toMatch(/^\d+m$/);
      const section = sections.get(rule.alert);
      expect(section, `no runbook section for ${rule.alert}`).toBeDefined();
      for (const part of ["**What it means**", "**How to look**", "**What to do**"]) expect(section, `${rule.alert}: ${part}`).toContain(part);
    }
  });

  it("are loaded by the example scrape configuration, which sends the token as a bearer from a file", () => {
    const config = parse(read("ops/prometheus/prometheus.yml")) as {
      rule_files: string[];
      scrape_configs: { job_name: string; metrics_path: string; authorization: { type: string; credentials_file?: string; credentials?: string } }[];
    };
    expect(config.rule_files).toContain("alerts.yml");
    const job = config.scrape_configs.find((scrape) => scrape.job_name === "dialwise");
    expect(job?.metrics_path).toBe("/metrics");
    expect(job?.authorization.type).toBe("Bearer");
    expect(job?.authorization.credentials_file).toBeTruthy();
    expect(job?.authorization.credentials).toBeUndefined();
  });
});
