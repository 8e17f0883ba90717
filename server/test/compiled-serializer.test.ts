import { describe, expect, it } from 'vitest';
import { ZIncidentListResponseSchema, ZServiceRequestListResponseSchema } from '@sc/common';
import { compiledSerializerCompiler, responseJsonSchema } from '../src/http/compiled-serializer.ts';

// The ticket list serialises with fast-json-stringify compiled from its zod schema (issue 18): the
// output must be what the zod serializer sent (declared fields only, nulls kept), and the OpenAPI
// document keeps coming from the zod schema.

const row = {
  id: 7,
  ticketNo: 'INC-7',
  ticketType: 'Incident',
  status: 'Open',
  assignedToName: null,
  shortDescription: 'Printer "jam" \u2028 é',
  priorityId: 2,
  priorityName: 'High',
  severityShort: null,
  severityName: null,
  openDate: '2026-11-23T10:00:00.000Z',
  className: 'Hardware',
  subclassName: null,
  targetName: null,
  targetContactId: null,
  contactId: 3,
  contactName: 'Ann Smith',
  isVip: false,
  canEdit: true,
  // Request-only fields the incident schema does not declare: zod stripped them, so must this.
  description: 'secret',
  requestedStartDate: null,
  requestedEndDate: null,
  assignedStaffId: null,
  assignedContactId: 4,
  reassignmentTemplateId: -1,
};
const page = { rows: [row, { ...row, id: 8, assignedToName: 'Bob' }], total: 2, page: 1, pageSize: 20, hasNextPage: false, totalIsEstimate: false, nextCursor: null };

const compile = (schema: unknown) => compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('compiled response serialisation', () => {
  it('writes what zod would have sent, for incidents and requests', () => {
    expect(JSON.parse(compile(ZIncidentListResponseSchema)(page))).toEqual(ZIncidentListResponseSchema.parse(page));
    expect(JSON.parse(compile(ZServiceRequestListResponseSchema)(page))).toEqual(ZServiceRequestListResponseSchema.parse(page));
    expect((JSON.parse(compile(ZIncidentListResponseSchema)(page)) as { rows: object[] }).rows[0]).not.toHaveProperty('description');
  });

  it('keeps a cursor string and an estimated total', () => {
    const out: unknown = JSON.parse(compile(ZIncidentListResponseSchema)({ ...page, nextCursor: 'abc', total: 5001, totalIsEstimate: true }));
    expect(out).toMatchObject({ nextCursor: 'abc', total: 5001, totalIsEstimate: true });
  });

  it('turns nullable simple types into type arrays (no per-value anyOf)', () => {
    const s = JSON.stringify(responseJsonSchema(ZIncidentListResponseSchema));
    expect(s).toContain('"type":["string","null"]');
    expect(s).not.toContain('anyOf');
  });
});
