import { useEffect, useRef } from 'react';

/**
 * A line chart of one metric over time (ECharts, its core with the line chart, grid and tooltip only,
 * loaded with the first chart). `points` are `[label, value]` in order.
 */
export function TrendChart({
  points,
  name,
  format,
  height = 240,
}: {
  points: [string, number][];
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
      const [core, charts, components, renderers] = await Promise.all([
        import('echarts/core'),
        import('echarts/charts'),
        import('echarts/components'),
        import('echarts/renderers'),
      ]);
      if (disposed || !box.current) return;
      core.use([
        charts.LineChart,
        components.GridComponent,
        components.TooltipComponent,
        renderers.CanvasRenderer,
      ]);
      const instance = core.init(box.current);
      chart = instance;
      instance.setOption({
        animation: false,
        grid: { left: 64, right: 16, top: 16, bottom: 32 },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
        xAxis: { type: 'category', data: points.map((p) => p[0]) },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
        series: [{ name, type: 'line', data: points.map((p) => p[1]), showSymbol: points.length < 60 }],
      });
      window.addEventListener('resize', onResize);
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [points, name, format]);
  return <div ref={box} role="img" aria-label={name} style={{ width: '100%', height }} />;
}
