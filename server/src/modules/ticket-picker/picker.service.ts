import type { Page, PickerContact, PickerDevice, PickerQuery } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { findPickerContacts, findPickerDevices, type PickerFilter } from './picker.queries.ts';

/** The caller's customer always; a User only its own contact and that contact's devices (001 §5, §6). */
const filterOf = (scope: Scope): PickerFilter => (scope.userType === 'User' ? { cid: scope.cid, contactId: scope.contactId } : { cid: scope.cid });

/** Contacts a new ticket may be raised for, in the caller's scope. */
export const pickerContacts = (db: Db, scope: Scope, q: PickerQuery): Promise<Page<PickerContact>> => findPickerContacts(db, filterOf(scope), q);

/** Devices a new ticket may be raised for, in the caller's scope. */
export const pickerDevices = (db: Db, scope: Scope, q: PickerQuery): Promise<Page<PickerDevice>> => findPickerDevices(db, filterOf(scope), q);
