import { TICKET_EXPORT_LIMIT, type TicketListRequest, type TicketType } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { excelLocalDate, exportTimestamp, type XlsxColumn, type XlsxExport } from '../../exports/xlsx.ts';
import { selectTicketPage, type TicketListRecord } from './list.queries.ts';
import { listFilterFor } from './list.service.ts';

const DATE = 'yyyy-mm-dd';
const DATE_TIME = 'yyyy-mm-dd hh:mm';

function columnsFor(ticketType: TicketType, timeZone: string): XlsxColumn<TicketListRecord>[] {
  const isRequest = ticketType === 'ServiceRequest';
  // requirements §2.6: dates as local dates, with the time for requests.
  const local = (d: Date | null) => (d ? excelLocalDate(d, timeZone) : null);
  const day = (d: Date | null) => {
    const l = local(d);
    return l ? new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate())) : null;
  };
  const openDate = isRequest ? local : day;
  const cols: XlsxColumn<TicketListRecord>[] = [
    { header: isRequest ? 'Request ID' : 'Incident ID', width: 12, value: (r) => r.id },
    { header: isRequest ? 'Request No' : 'Incident No', width: 14, value: (r) => r.ticketNo },
    { header: 'Status', width: 12, value: (r) => r.status },
    { header: 'Assigned To', width: 22, value: (r) => r.assignedToName },
    { header: 'Short Description', width: 45, value: (r) => r.shortDescription },
    { header: 'Priority', width: 12, value: (r) => r.priorityName },
    { header: 'Severity', width: 12, value: (r) => r.severityShort },
    { header: 'Open Date', width: isRequest ? 18 : 12, numFmt: isRequest ? DATE_TIME : DATE, value: (r) => openDate(r.openDate) },
    { header: 'Class', width: 16, value: (r) => r.className },
    { header: 'Subclass', width: 20, value: (r) => r.subclassName },
    { header: 'Contact', width: 22, value: (r) => r.contactName },
    { header: 'Target Name', width: 22, value: (r) => r.targetName },
    { header: 'VIP', width: 6, value: (r) => (r.isVip ? 'Yes' : 'No') },
  ];
  if (isRequest) {
    cols.push(
      { header: 'Requested Start', width: 18, numFmt: DATE_TIME, value: (r) => local(r.requestedStartDate) },
      { header: 'Requested End', width: 18, numFmt: DATE_TIME, value: (r) => local(r.requestedEndDate) },
    );
  }
  return cols;
}

/**
 * The spreadsheet of requirements §2.1/§2.6: the first 2000 tickets as the list is sorted and filtered, for the
 * same scope as the list (a User's own contact only). Paging and cursor of the query are ignored.
 */
export async function exportTickets(db: Db, scope: Scope, ticketType: TicketType, q: TicketListRequest): Promise<XlsxExport<TicketListRecord>> {
  const filter = listFilterFor(scope, ticketType, q);
  const rows = await selectTicketPage(db, filter, { sort: q.sort, direction: q.direction }, { limit: TICKET_EXPORT_LIMIT, offset: 0 });
  const isRequest = ticketType === 'ServiceRequest';
  const stamp = exportTimestamp(new Date(), filter.timeZone);
  return {
    fileName: `${isRequest ? 'SERVICE_REQUESTS' : 'INCIDENTS'}_CMS_${stamp}.xlsx`,
    sheetName: isRequest ? 'Service Requests' : 'Incidents',
    columns: columnsFor(ticketType, filter.timeZone),
    rows,
  };
}
