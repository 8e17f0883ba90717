import { z } from 'zod';
import { zIsoDate } from './dates.ts';
import { zId, zIdValue } from './ids.ts';
import { listQuerySchema, pageOf } from './list.ts';
import { optionalText } from './text-fields.ts';

// Devices (requirements §10.1, §10.2 Device, §10 All Devices / Devices by ContactID). Everyone signed in reads the
// devices of its customer (a User only its own contact's); only an Administrator adds or edits them.

export const DEVICE_MESSAGES = {
  noDevices: 'No Devices Found',
  noneSelected: 'No Device Selected',
  saved: 'Device data has been successfully saved',
  footer: 'Devices:',
} as const;

/** Page size of the device list (the split pane's list scrolls; requirements §10.6 leaves it open). */
const DEVICES_PAGE_SIZE = 50;
export const DEVICE_SEARCH_DEBOUNCE_MS = 800;

type DeviceKeyKind = 'device' | 'kaseya' | 'ncentral';
/**
 * requirements §10.1: a device is identified by the first usable key: Device ID above 0, else Kaseya Machine
 * Group ID, else NCentral Device ID. Null when none is usable.
 */
export function deviceKey(d: { id: number | null; kaseyaMachineGroupId: string | null; ncentralDeviceId: string | null }): { kind: DeviceKeyKind; value: string } | null {
  if (d.id !== null && d.id > 0) return { kind: 'device', value: String(d.id) };
  if (d.kaseyaMachineGroupId) return { kind: 'kaseya', value: d.kaseyaMachineGroupId };
  if (d.ncentralDeviceId) return { kind: 'ncentral', value: d.ncentralDeviceId };
  return null;
}

/**
 * The new-service-request route of a device (requirements §10.1): the add route's id and query
 * (`/servicerequest/add/{id}?type=device&devicetype=…`); the web builds the link with its href registry.
 */
export const deviceRequestTarget = (d: Parameters<typeof deviceKey>[0]): { id: string; query: { type: 'device'; devicetype?: string } } | null => {
  const key = deviceKey(d);
  if (!key) return null;
  return { id: key.value, query: key.kind === 'device' ? { type: 'device' } : { type: 'device', devicetype: key.kind } };
};


export const ZDeviceIdParamsSchema = z.object({ id: zId });

export const ZDeviceListRequestSchema = listQuerySchema({
  defaultPageSize: DEVICES_PAGE_SIZE,
  sorts: ['deviceName'],
  /** docs/requirements.md §10.1: by name. */
  defaultSort: 'deviceName',
  defaultDirection: 'asc',
  /** DeviceName search (contains). */
  search: true,
  searchMaxLength: 120,
  filters: {
    /** Devices by ContactID; a User always gets its own contact whatever this says. */
    contactId: zId.optional(),
  },
});
export type DeviceListRequest = Partial<z.output<typeof ZDeviceListRequestSchema>>;

export const ZDeviceSchema = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceType: z.string().nullable(),
  description: z.string().nullable(),
  contactId: z.number().int().nullable(),
  contactName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  kaseyaMachineGroupId: z.string().nullable(),
  ncentralDeviceId: z.string().nullable(),
  serialNumber: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  /** YYYY-MM-DD. */
  warrantyEnd: z.string().nullable(),
});
export type Device = z.infer<typeof ZDeviceSchema>;

export const ZDeviceListResponseSchema = pageOf(ZDeviceSchema);
export type DeviceListResponse = z.infer<typeof ZDeviceListResponseSchema>;

export const DEVICE_TYPES = ['Workstation', 'Laptop', 'Server', 'Printer', 'Firewall', 'Switch', 'Router', 'Mobile', 'Other'] as const;

/** The device form (/devices/add, /devices/edit/{id}). */
export const ZDeviceSaveRequestSchema = z.object({
  deviceName: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  deviceType: optionalText(60, 'Type'),
  description: optionalText(2000, 'Description'),
  contactId: zIdValue.nullable().optional().transform((v) => v ?? null),
  siteId: zIdValue.nullable().optional().transform((v) => v ?? null),
  kaseyaMachineGroupId: optionalText(120, 'Kaseya Machine Group ID'),
  ncentralDeviceId: optionalText(64, 'N-central Device ID'),
  serialNumber: optionalText(100, 'Serial Number'),
  operatingSystem: optionalText(120, 'Operating System'),
  warrantyEnd: z
    .union([zIsoDate('Warranty End must be a date (YYYY-MM-DD)'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type DeviceSaveRequest = z.input<typeof ZDeviceSaveRequestSchema>;
export type DeviceSaveValues = z.output<typeof ZDeviceSaveRequestSchema>;

export const ZDeviceLookupsResponseSchema = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  contacts: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeviceLookupsResponse = z.infer<typeof ZDeviceLookupsResponseSchema>;
