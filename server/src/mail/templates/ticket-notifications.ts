import { defineTemplate } from './define.ts';

interface TicketRef {
  firstName: string;
  ticketNo: string;
  shortDescription: string;
  /** spaLink(config, '/incident/view/{id}') or '/servicerequest/view/{id}' */
  ticketUrl: string;
}

interface TicketNoteAddedData extends TicketRef {
  authorName: string;
  /** The note as plain text (HTML notes are converted by the caller). */
  note: string;
}

const why = 'You receive this because you are the contact of this ticket. Change which ticket e-mails you get in your e-mail preferences, or unsubscribe from them in your mail program.';

/** To the ticket's contact: the provider's staff added a note. */
export const ticketNoteAdded = defineTemplate<TicketNoteAddedData>({
  kind: 'notification',
  content: (d) => ({
    subject: `${d.ticketNo}: new note from ${d.authorName}`,
    preheader: d.note.slice(0, 120),
    heading: `Hello ${d.firstName},`,
    paragraphs: [`${d.authorName} added a note to ${d.ticketNo}: ${d.shortDescription}.`],
    quote: d.note,
    button: { label: 'Open the ticket', url: d.ticketUrl },
    footnote: why,
  }),
});

interface TicketStatusChangedData extends TicketRef {
  oldStatus: string;
  newStatus: string;
}

/** To the ticket's contact: the status changed (other than to Closed). */
export const ticketStatusChanged = defineTemplate<TicketStatusChangedData>({
  kind: 'notification',
  content: (d) => ({
    subject: `${d.ticketNo}: status changed to ${d.newStatus}`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [`The status of ${d.ticketNo}: ${d.shortDescription} changed from ${d.oldStatus} to ${d.newStatus}.`],
    button: { label: 'Open the ticket', url: d.ticketUrl },
    footnote: why,
  }),
});

type TicketClosedData = TicketRef;

/** To the ticket's contact: the ticket was closed. */
export const ticketClosed = defineTemplate<TicketClosedData>({
  kind: 'notification',
  content: (d) => ({
    subject: `${d.ticketNo} is closed`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [`${d.ticketNo}: ${d.shortDescription} is now closed.`, 'If the problem is not solved, reply in the portal: open the ticket and add a note.'],
    button: { label: 'Open the ticket', url: d.ticketUrl },
    footnote: why,
  }),
});
