import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../../ui/list/list-params.ts';
import { HOME_TABS, ZHomeUrlSchema } from './home-ticket-tabs.tsx';

// Issue 11: the home page's tab is URL state read and written like a list's.
describe('the home tab in the URL', () => {
  it('reads a known tab, falls back to the first for an unknown one, and writes only a non-default tab', () => {
    expect(readListParams(ZHomeUrlSchema, new URLSearchParams('tab=assigned-requests')).tab).toBe('assigned-requests');
    expect(readListParams(ZHomeUrlSchema, new URLSearchParams('tab=nope')).tab).toBe(HOME_TABS[0]!.id);
    expect(writeListParams(ZHomeUrlSchema, { tab: HOME_TABS[0]!.id }).toString()).toBe('');
    expect(writeListParams(ZHomeUrlSchema, { tab: 'my-requests' }, {}, new URLSearchParams('x=1')).toString()).toBe('tab=my-requests&x=1');
  });
});
