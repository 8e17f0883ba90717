import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZTicketCalendarResponseSchema, type TicketCalendarRequestInput } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const requestCalendarKeys = {
  all: queryKeys.tickets.calendar,
  range: (q: TicketCalendarRequestInput) => queryKeys.tickets.calendarRange(q),
};

/** The service requests of the visible range; the previous range stays on screen while the next loads. */
export const useRequestCalendar = (q: TicketCalendarRequestInput) =>
  useQuery({
    queryKey: requestCalendarKeys.range(q),
    queryFn: ({ signal }) => api.get('/service-requests/calendar', { query: q, schema: ZTicketCalendarResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
