import type { FastifyReply } from 'fastify';
import { escapeCellText } from '@sc/common';
import { safeFileName } from './xlsx.ts';

// CSV exports: the file Excel opens as it is (a BOM, CRLF lines, every cell quoted), formula-looking
// text neutralised as in the .xlsx exports.

/** A CSV cell: formula-looking text neutralised, then quoted. */
export const csvCell = (v: string | number): string => `"${escapeCellText(String(v)).replace(/"/g, '""')}"`;

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number;
}

export interface CsvExport<R> {
  fileName: string;
  columns: CsvColumn<R>[];
  rows: readonly R[];
}

/** The whole file as text: the header line, then one line per row. */
export function csvText<R>(x: CsvExport<R>): string {
  const lines = [x.columns.map((c) => csvCell(c.header)).join(','), ...x.rows.map((r) => x.columns.map((c) => csvCell(c.value(r))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sends the file as an attachment that is never cached. */
export function sendCsv<R>(reply: FastifyReply, x: CsvExport<R>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFileName(x.fileName)}"`)
    .header('cache-control', 'no-store')
    .send(csvText(x));
}
