import { z } from 'zod';

// requirements §13.7: the one data model of every chart (reports, surveys): categories along one axis
// (or a pie's slices) and one or more numeric series over them. The server sends it as is; the web's
// ChartCard draws it, lists it as a table, exports it as .xlsx.

const chartSeriesSchema = z.object({
  name: z.string(),
  /** One value per category, in the order of `categories`. */
  values: z.array(z.number()),
});

export const chartDataSchema = z.object({
  categories: z.array(z.string()),
  /**
   * Optional, parallel to `categories`: what a click on that category means to the caller (e.g. a
   * ticket-list filter value); null where a click leads nowhere.
   */
  keys: z.array(z.string().nullable()).optional(),
  series: z.array(chartSeriesSchema),
});
export type ChartData = z.infer<typeof chartDataSchema>;

/** What a click on a bar, point, slice or table row hands to the chart's onSelect. */
export interface ChartDatum {
  index: number;
  category: string;
  key: string | null;
  seriesName: string;
  value: number;
}

/** Cells starting with these could be read as a formula (or DDE) by a spreadsheet (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A text cell as written to a spreadsheet: a leading apostrophe makes a would-be formula plain text. */
export const escapeCellText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The rows of a chart as a table: header row, then one row per category (category, then each series). */
export function chartRows(data: ChartData, categoryLabel = 'Category'): { header: string[]; rows: (string | number)[][] } {
  return {
    header: [categoryLabel, ...data.series.map((s) => s.name)],
    rows: data.categories.map((c, i) => [c, ...data.series.map((s) => s.values[i] ?? 0)]),
  };
}
