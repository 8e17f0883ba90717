export { ChartCard, type ChartTone } from './chart-card.tsx';
