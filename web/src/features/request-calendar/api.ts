import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZTicketCalendarResponseSchema, type TicketCalendarRequestInput } from '@sc/common';
import { api } from '../../api/client.ts';

export const requestCalendarKeys = {
  all: ['request-calendar'] as const,
  range: (q: TicketCalendarRequestInput) => ['request-calendar', q] as const,
};

export function calendarQueryString(q: TicketCalendarRequestInput): string {
  const p = new URLSearchParams();
  // Every field is a string, number or boolean (criteria, status, search, mine, from, to).
  for (const [k, v] of Object.entries(q) as [string, string | number | boolean | null | undefined][]) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

/** The service requests of the visible range; the previous range stays on screen while the next loads. */
export const useRequestCalendar = (q: TicketCalendarRequestInput) =>
  useQuery({
    queryKey: requestCalendarKeys.range(q),
    queryFn: ({ signal }) => api.get(`/service-requests/calendar?${calendarQueryString(q)}`, { schema: ZTicketCalendarResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
