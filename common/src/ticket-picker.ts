import { z } from 'zod';
import { listQuerySchema, pageOf } from './list.ts';

// The contact/device picker of a new ticket (requirements §10.1 'Select a contact or a device').

/** The dialog's page size: the spec names none; six one-line rows fit its 420 px height (issue 14, item 10). */
export const PICKER_PAGE_SIZE = 6;

/** Contacts by last and first name. */
export const ZPickerContactQuerySchema = listQuerySchema({
  defaultPageSize: PICKER_PAGE_SIZE,
  maxPageSize: 50,
  sorts: ['lastName'],
  defaultSort: 'lastName',
  defaultDirection: 'asc',
  /** 'TYPE NAME': part of the first, last name or e-mail. */
  search: true,
});
/** Devices by name. */
export const ZPickerDeviceQuerySchema = listQuerySchema({
  defaultPageSize: PICKER_PAGE_SIZE,
  maxPageSize: 50,
  sorts: ['deviceName'],
  defaultSort: 'deviceName',
  defaultDirection: 'asc',
  /** 'TYPE NAME': part of the device name. */
  search: true,
});
export type PickerContactQuery = z.infer<typeof ZPickerContactQuerySchema>;
export type PickerDeviceQuery = z.infer<typeof ZPickerDeviceQuerySchema>;
export type PickerContactQueryInput = z.input<typeof ZPickerContactQuerySchema>;
export type PickerDeviceQueryInput = z.input<typeof ZPickerDeviceQuerySchema>;

export const ZPickerContactSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type PickerContact = z.infer<typeof ZPickerContactSchema>;
export const ZPickerContactsResponseSchema = pageOf(ZPickerContactSchema);

export const ZPickerDeviceSchema = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceType: z.string().nullable(),
  contactName: z.string().nullable(),
});
export type PickerDevice = z.infer<typeof ZPickerDeviceSchema>;
export const ZPickerDevicesResponseSchema = pageOf(ZPickerDeviceSchema);
