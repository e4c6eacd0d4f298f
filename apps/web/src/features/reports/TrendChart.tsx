import { useEffect, useRef } from 'react';

/**
 * A line chart of one metric over time (ECharts, its core with the line chart, grid, tooltip and legend
 * only, loaded with the first chart): one line per series over the same labels, in order.
 */
export function TrendChart({
  labels,
  series,
  name,
  format,
  height = 240,
}: {
  labels: string[];
  series: { name: string; values: number[] }[];
  /** The chart's accessible name. */
  name: string;
  format: (v: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    void (async () => {
      const { init } = await import('./echartsLine');
      if (disposed || !box.current) return;
      const instance = init(box.current);
      chart = instance;
      instance.setOption({
        animation: false,
        grid: { left: 64, right: 16, top: series.length > 1 ? 32 : 16, bottom: 32 },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
        legend: { show: series.length > 1, top: 0 },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          data: s.values,
          showSymbol: labels.length < 60,
        })),
      });
      window.addEventListener('resize', onResize);
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [labels, series, format]);
  return <div ref={box} role="img" aria-label={name} style={{ width: '100%', height }} />;
}
