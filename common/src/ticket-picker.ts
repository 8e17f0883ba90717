import { z } from 'zod';
import { pageOf } from './list.ts';

// The contact/device picker of a new ticket (001 §2.7 'Select a contact or a device').

/** The dialog's page size: the spec names none; six one-line rows fit its 420 px height (issue 14, item 10). */
export const PICKER_PAGE_SIZE = 6;

export const ZPickerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(PICKER_PAGE_SIZE),
  /** 'TYPE NAME': part of the name (contacts: first, last name or e-mail; devices: device name). */
  search: z.string().trim().max(200).optional(),
});
export type PickerQuery = z.infer<typeof ZPickerQuerySchema>;

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
