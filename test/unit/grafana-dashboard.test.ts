import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/metrics.ts';

// ops/grafana-dashboard.json queries the API's metrics by name and label: a renamed metric or label must fail here,
// not leave an empty panel in someone's Grafana.
const file = path.resolve(import.meta.dirname, '../../ops/grafana-dashboard.json');
const dashboard = JSON.parse(readFileSync(file, 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const { registry } = new Metrics();
/** Labels Prometheus adds to every series it scrapes, and the bucket bound of histograms. */
const SCRAPE_LABELS = ['job', 'instance'];

function metricOf(series: string): { labels: string[] } | undefined {
  for (const suffix of ['', '_bucket', '_count', '_sum']) {
    if (suffix && !series.endsWith(suffix)) continue;
    const metric = registry.getSingleMetric(series.slice(0, series.length - suffix.length)) as
      | { labelNames?: string[] }
      | undefined;
    if (metric) return { labels: [...(metric.labelNames ?? []), ...(suffix === '_bucket' ? ['le'] : [])] };
  }
  return undefined;
}

describe('ops/grafana-dashboard.json', () => {
  const targets = dashboard.panels.flatMap((panel) => panel.targets.map((t) => ({ panel: panel.title, ...t })));

  it('has panels for requests, OpenSearch, credits, refusals, errors, the pool, the live version and the process', () => {
    const exprs = targets.map((t) => t.expr).join('\n');
    for (const name of [
      'csi_http_request_duration_seconds_bucket',
      'csi_opensearch_request_duration_seconds_bucket',
      'csi_opensearch_took_seconds_bucket',
      'csi_credits_charged_total',
      'csi_credits_refunded_total',
      'csi_refusals_total',
      'csi_opensearch_errors_total',
      'csi_redis_errors_total',
      'csi_search_pending',
      'csi_info',
      'process_resident_memory_bytes',
    ]) {
      expect(exprs).toContain(`${name}{`);
    }
  });

  it('queries only metrics the API exposes, grouped by labels they have', () => {
    for (const { panel, expr } of targets) {
      const series = [...expr.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1] as string);
      expect(series.length, panel).toBeGreaterThan(0);
      const labels = series.map((name) => {
        const metric = metricOf(name);
        expect(metric, `${panel}: ${name}`).toBeDefined();
        return metric?.labels ?? [];
      });
      for (const [, group] of expr.matchAll(/\bby \(([^)]*)\)/g)) {
        for (const label of (group ?? '').split(',').map((l) => l.trim())) {
          const known = [...SCRAPE_LABELS, ...labels.flat()];
          expect(known, `${panel}: by ${label}`).toContain(label);
        }
      }
    }
  });
});
