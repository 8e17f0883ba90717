import type { Page, PickerContact, PickerContactQuery, PickerDevice, PickerDeviceQuery } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetPage } from '../../http/paging.ts';
import { findPickerContacts, findPickerDevices, type PickerFilter } from './picker.queries.ts';

/** The caller's customer always; a User only its own contact and that contact's devices (requirements §3.3, §3.4). */
const filterOf = (scope: Scope): PickerFilter => (scope.userType === 'User' ? { cid: scope.cid, contactId: scope.contactId } : { cid: scope.cid });

/** Contacts a new ticket may be raised for, in the caller's scope. */
export const pickerContacts = (db: Db, scope: Scope, q: PickerContactQuery): Promise<Page<PickerContact>> =>
  offsetPage(q, (slice) => findPickerContacts(db, filterOf(scope), q, slice));

/** Devices a new ticket may be raised for, in the caller's scope. */
export const pickerDevices = (db: Db, scope: Scope, q: PickerDeviceQuery): Promise<Page<PickerDevice>> =>
  offsetPage(q, (slice) => findPickerDevices(db, filterOf(scope), q, slice));
