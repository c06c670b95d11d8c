import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the analysis pages draw: this module is imported by those pages alone, so echarts
// lands in their lazy chunks and never in the login or shell chunks (bench/bundle figures).
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  HeatmapChart,
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export type EChartOption = echarts.EChartsCoreOption;

/** What a click on a data item reports: its series, index, name and value. */
export interface ChartClick {
  seriesIndex: number;
  dataIndex: number;
  name: string;
  value: unknown;
}

interface EChartProps {
  option: EChartOption;
  height?: number;
  /** A click on a bar, point, slice or cell (drill-through). */
  onItemClick?: (item: ChartClick) => void;
  testId?: string;
  /** Accessible name of the chart (echarts' aria adds a description of the data). */
  label: string;
}

/**
 * One echarts instance in a div, drawn as SVG (crisp at any zoom, and each bar is an element a
 * browser test can click), resized with its container, disposed on unmount. `data-rendered` is
 * "true" once the drawing (and its animation) has finished. Options: see chart-options.ts.
 */
export function EChart({ option, height = 280, onItemClick, testId, label }: EChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onItemClick);
  click.current = onItemClick;

  useEffect(() => {
    if (!el.current) return;
    const instance = echarts.init(el.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (p) => {
      const params = p as unknown as ChartClick;
      click.current?.({
        seriesIndex: params.seriesIndex,
        dataIndex: params.dataIndex,
        name: params.name,
        value: params.value,
      });
    });
    // A browser test (or anything else) can wait for the drawing to stand still before clicking.
    instance.on('finished', () => el.current?.setAttribute('data-rendered', 'true'));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    el.current?.setAttribute('data-rendered', 'false');
    chart.current?.setOption({ aria: { enabled: true }, ...option }, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={el}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, cursor: onItemClick ? 'pointer' : undefined }}
    />
  );
}
