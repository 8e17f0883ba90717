export { ChartCard, useChartTheme, type ChartCardProps, type ChartTone } from './chart-card.tsx';
export type { ChartKind } from './chart-options.ts';
