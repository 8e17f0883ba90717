import { defineTemplate } from './define.ts';

interface StatusUpdateRequestData {
  ticketNo: string;
  shortDescription: string;
  status: string;
  requesterName: string;
  requesterEmail: string;
  organizationName: string;
  /** false: nobody is assigned, the mail goes to the support address. */
  assigned: boolean;
  ticketUrl: string;
}

/** 'Request Status Update': to the assigned technician (or the support address). */
export const statusUpdateRequest = defineTemplate<StatusUpdateRequestData>({
  kind: 'transactional',
  content: (d) => ({
    subject: `${d.ticketNo}: status update requested`,
    preheader: `${d.requesterName} of ${d.organizationName} asks for news on ${d.ticketNo}.`,
    heading: 'Status update requested',
    paragraphs: [
      `${d.requesterName} (${d.requesterEmail}) of ${d.organizationName} asks for a status update on ${d.ticketNo}.`,
      ...(d.assigned ? [] : ['Nobody is assigned to this ticket.']),
    ],
    details: [
      { label: 'Ticket', value: `${d.ticketNo}: ${d.shortDescription}` },
      { label: 'Status', value: d.status },
    ],
    button: { label: 'Open the ticket', url: d.ticketUrl },
  }),
});
