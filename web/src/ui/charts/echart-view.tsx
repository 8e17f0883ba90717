import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { buildChartOption, type ChartOptionInput } from './chart-options.ts';

// requirements §13.7: the only module that imports ECharts, loaded on demand by ChartCard (React.lazy),
// so no chart code enters the sign-in or list bundles. Only the chart types and components used are
// registered (tree-shaken).
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** What ChartCard can ask of a drawn chart. */
export interface EChartHandle {
  /** The chart as a PNG data URL (twice the screen resolution, on the theme's paper colour). */
  pngDataUrl: () => string | undefined;
}

export interface EChartViewProps extends ChartOptionInput {
  height: number;
  /** aria-label of the drawing (role img): a one-line summary; the table view has the data. */
  label: string;
  onItemClick?: (dataIndex: number, seriesIndex: number) => void;
  handleRef?: (h: EChartHandle | null) => void;
}

export default function EChartView({ kind, data, theme, narrow, height, label, onItemClick, handleRef }: EChartViewProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onItemClick);
  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => {
      const params = p as { dataIndex?: number; seriesIndex?: number };
      if (typeof params.dataIndex === 'number') clickRef.current?.(params.dataIndex, params.seriesIndex ?? 0);
    });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    ro?.observe(el.current);
    return () => {
      ro?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(buildChartOption({ kind, data, theme, narrow }), { notMerge: true });
  }, [kind, data, theme, narrow, onItemClick]);

  useEffect(() => {
    handleRef?.({
      pngDataUrl: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: theme.paper }),
    });
    return () => handleRef?.(null);
  }, [handleRef, theme.paper]);

  return <Box ref={el} role="img" aria-label={label} sx={{ width: '100%', height, cursor: onItemClick ? 'pointer' : 'default' }} />;
}
