import type { ChartData } from '@sc/common';

// requirements §13.7: the ECharts option of a ChartCard, built from the shared data model, the MUI
// theme's colours (light or dark) and the width (narrow = phone). Pure, so it is tested without a canvas.

export type ChartKind = 'bar' | 'stackedBar' | 'horizontalBar' | 'line' | 'pie';

/** The colours a chart takes from the MUI theme of the active colour scheme (real colours: a canvas has no CSS variables). */
export interface ChartTheme {
  mode: 'light' | 'dark';
  text: string;
  textSecondary: string;
  divider: string;
  paper: string;
  colors: string[];
  fontFamily: string;
}

export interface ChartOptionInput {
  kind: ChartKind;
  data: ChartData;
  theme: ChartTheme;
  /** Phone width (≤ 600 px): legend below, shorter axis labels, no slice labels. */
  narrow: boolean;
}

/** A label cut to `max` characters with an ellipsis (narrow axes). */
const shorten = (label: string, max: number): string => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

// The option is a plain object; ECharts' option types are large unions, so it is typed loosely here.
type Option = Record<string, unknown>;

export function buildChartOption({ kind, data, theme, narrow }: ChartOptionInput): Option {
  const textStyle = { color: theme.text, fontFamily: theme.fontFamily };
  const multi = data.series.length > 1;
  const legend = {
    show: kind === 'pie' || multi,
    type: 'scroll',
    textStyle: { color: theme.text },
    pageTextStyle: { color: theme.text },
    pageIconColor: theme.text,
    pageIconInactiveColor: theme.divider,
    ...(narrow ? { bottom: 0, left: 'center', orient: 'horizontal' } : { top: 0, right: 0, orient: 'horizontal' }),
  };
  const tooltip = {
    trigger: kind === 'pie' ? 'item' : 'axis',
    axisPointer: { type: 'shadow' },
    backgroundColor: theme.paper,
    borderColor: theme.divider,
    textStyle: { color: theme.text },
    confine: true,
  };
  const base: Option = {
    animation: false,
    color: theme.colors,
    backgroundColor: 'transparent',
    textStyle,
    aria: { enabled: false },
    legend,
    tooltip,
  };

  if (kind === 'pie') {
    const s = data.series[0] ?? { name: '', values: [] };
    return {
      ...base,
      series: [
        {
          type: 'pie',
          name: s.name,
          radius: narrow ? ['30%', '60%'] : ['35%', '70%'],
          center: narrow ? ['50%', '42%'] : ['50%', '55%'],
          avoidLabelOverlap: true,
          label: { show: !narrow, color: theme.text, formatter: '{b}: {c}' },
          itemStyle: { borderColor: theme.paper, borderWidth: 2 },
          data: data.categories.map((c, i) => ({ name: c, value: s.values[i] ?? 0 })),
        },
      ],
    };
  }

  const horizontal = kind === 'horizontalBar';
  const maxLabel = narrow ? 10 : 24;
  const categoryAxis = {
    type: 'category',
    data: data.categories,
    inverse: horizontal,
    axisLine: { lineStyle: { color: theme.divider } },
    axisTick: { alignWithLabel: true, lineStyle: { color: theme.divider } },
    axisLabel: {
      color: theme.textSecondary,
      hideOverlap: true,
      rotate: !horizontal && narrow && data.categories.length > 4 ? 45 : 0,
      formatter: (v: string) => shorten(v, maxLabel),
    },
  };
  const valueAxis = {
    type: 'value',
    minInterval: 1,
    axisLabel: { color: theme.textSecondary },
    splitLine: { lineStyle: { color: theme.divider } },
  };
  return {
    ...base,
    grid: {
      left: 8,
      right: 16,
      top: legend.show && !narrow ? 32 : 16,
      bottom: legend.show && narrow ? 40 : 8,
      containLabel: true,
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((s) => ({
      type: kind === 'line' ? 'line' : 'bar',
      name: s.name,
      data: s.values,
      ...(kind === 'stackedBar' ? { stack: 'total' } : {}),
      ...(kind === 'line' ? { smooth: false, symbolSize: 6, showSymbol: data.categories.length <= 60 } : { barMaxWidth: 40 }),
      emphasis: { focus: 'series' },
    })),
  };
}
