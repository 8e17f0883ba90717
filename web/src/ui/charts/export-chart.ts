import { chartRows, escapeCellText, type ChartData } from '@sc/common';
import { saveBlob } from '../download-file.ts';

// requirements §13.7: a chart's data as .xlsx (exceljs, loaded only when asked for) and its image as PNG.

/** Only letters, digits, '.', '_' and '-' in a downloaded file's name. */
const chartFileStem = (title: string): string => title.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 100) || 'chart';

/** Excel refuses these characters in sheet names, and more than 31 characters. */
const sheetName = (title: string): string => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Data';

/** The chart's table (header row, one row per category) as an .xlsx workbook. */
async function chartWorkbook(title: string, data: ChartData, categoryLabel?: string): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(title));
  const { header, rows } = chartRows(data, categoryLabel);
  ws.addRow(header.map(escapeCellText)).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => (typeof v === 'string' ? escapeCellText(v) : v)));
  ws.columns.forEach((c, i) => {
    c.width = i === 0 ? Math.min(40, Math.max(12, ...rows.map((r) => String(r[0]).length + 2))) : 14;
  });
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function exportChartData(title: string, data: ChartData, categoryLabel?: string): Promise<string> {
  const name = `${chartFileStem(title)}.xlsx`;
  saveBlob(await chartWorkbook(title, data, categoryLabel), name);
  return name;
}

/** A base64 data URL as a Blob (decoded here: the CSP's connect-src does not allow fetching data: URLs). */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function exportChartImage(title: string, dataUrl: string): string {
  const name = `${chartFileStem(title)}.png`;
  saveBlob(dataUrlToBlob(dataUrl), name);
  return name;
}
