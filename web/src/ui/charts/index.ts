export { ChartCard, useChartTheme, type ChartCardProps } from './chart-card.tsx';
export type { ChartKind } from './chart-options.ts';
