import { useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SearchIcon from '@mui/icons-material/Search';
import type { GridCellParams, GridColDef, GridRowParams } from '@mui/x-data-grid';
import {
  listMetaOf,
  PICKER_PAGE_SIZE,
  TICKET_SEARCH_DEBOUNCE_MS,
  ZPickerContactQuerySchema,
  ZPickerDeviceQuerySchema,
  type PickerContactQueryInput,
  type PickerDeviceQueryInput,
  type TicketType,
} from '@sc/common';
import { ticketHref } from '../../config/hrefs.ts';
import { ListGrid } from '../../ui/list/list-grid.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
// The session is app-wide state: the dialog reads the user itself so that its callers pass only { open, ticketType, onClose }.
import { useSignedInUser } from '../auth/session-context.ts';
import { usePickerContacts, usePickerDevices } from './api.ts';

interface TicketPickerDialogProps {
  open: boolean;
  ticketType: TicketType;
  onClose: () => void;
  /** Where the add route returns to; when the picker is its own route, the screen that opened that route. */
  from?: string;
}

type PickerTab = 'contacts' | 'devices';
type Pick = { kind: 'contact' | 'device'; id: number } | null;
/** A row of either tab: the name and one line of detail (e-mail; device type and contact). */
interface PickerRow {
  id: number;
  name: string;
  detail: string;
}

/** requirements §3.3: the add route's query of a pick (type=contact, or a device by its id). */
const pickQuery = (kind: 'contact' | 'device'): Record<string, string> => (kind === 'contact' ? { type: 'contact' } : { type: 'device', devicetype: 'device' });

/** Each tab's list: contacts by name, devices by name, one order each. */
const PICKER_LISTS = { contacts: listMetaOf(ZPickerContactQuerySchema), devices: listMetaOf(ZPickerDeviceQuerySchema) };

/** One-line rows, so six show in the dialog (issue 14, item 10); compact density would scale a rowHeight down. */
const ROW_HEIGHT = 34;

/**
 * 'Select a contact or a device' (requirements §10.1, §3.3 ticket creation flow): pick a contact or a device,
 * or (non-User types) the organisation's primary contact, then go to the add route. Opened by the
 * list screens' New button and by the bare /incident/add and /servicerequest/add routes.
 */
export function TicketPickerDialog({ open, ticketType, onClose, from: fromProp }: TicketPickerDialogProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [tab, setTab] = useState<PickerTab>('contacts');
  // Each tab keeps its own search and page (issue 14, item 10): a contact's name is not a device's.
  const [texts, setTexts] = useState<Record<PickerTab, string>>({ contacts: '', devices: '' });
  const [pages, setPages] = useState<Record<PickerTab, number>>({ contacts: 1, devices: 1 });
  const text = texts[tab];
  const page = pages[tab];
  const setPage = (p: number) => setPages((all) => ({ ...all, [tab]: p }));
  const contactSearch = useDebouncedValue(texts.contacts.trim(), TICKET_SEARCH_DEBOUNCE_MS);
  const deviceSearch = useDebouncedValue(texts.devices.trim(), TICKET_SEARCH_DEBOUNCE_MS);
  const [chosen, setPick] = useState<Pick>(null);
  // A dialog's list keeps its state in the dialog, with the list's own request (schema and encoder).
  const contactQuery: PickerContactQueryInput = { page: pages.contacts, pageSize: PICKER_PAGE_SIZE, ...(contactSearch ? { search: contactSearch } : {}) };
  const deviceQuery: PickerDeviceQueryInput = { page: pages.devices, pageSize: PICKER_PAGE_SIZE, ...(deviceSearch ? { search: deviceSearch } : {}) };
  const contacts = usePickerContacts(contactQuery, open && tab === 'contacts');
  const devices = usePickerDevices(deviceQuery, open && tab === 'devices');
  // A User with a single contact has nothing to choose: it starts chosen (issue 14, item 10).
  const onlyContact = user.userType === 'User' && !contactSearch && contacts.data?.total === 1 ? contacts.data.rows[0] : undefined;
  const pick: Pick = chosen ?? (onlyContact ? { kind: 'contact', id: onlyContact.id } : null);
  const kind = tab === 'contacts' ? 'contact' : 'device';

  const close = () => {
    setTexts({ contacts: '', devices: '' });
    setPick(null);
    setPages({ contacts: 1, devices: 1 });
    setTab('contacts');
    onClose();
  };

  // The add route's Cancel and save come back here, unless the picker is itself a route.
  const from = fromProp ?? (/\/(incident|servicerequest)\/add\/?$/.test(location.pathname) ? undefined : location.pathname + location.search);
  // Navigating away unmounts the caller's screen, and with it the dialog.
  const go = (path: string) => void navigate(path, { state: from ? { from } : undefined });
  const create = (p: Pick) => {
    if (p) go(ticketHref(ticketType, 'add', p.id, pickQuery(p.kind)));
  };

  // The current tab's list as the grid shows it: the query's rows in one shape.
  const contactList = { ...contacts, data: contacts.data && { ...contacts.data, rows: contacts.data.rows.map((c): PickerRow => ({ id: c.id, name: `${c.lastName}, ${c.firstName}`, detail: c.email ?? '' })) } };
  const deviceList = {
    ...devices,
    data: devices.data && { ...devices.data, rows: devices.data.rows.map((d): PickerRow => ({ id: d.id, name: d.deviceName, detail: [d.deviceType, d.contactName].filter(Boolean).join(' · ') })) },
  };
  const list = tab === 'contacts' ? contactList : deviceList;
  // The tab's request as the grid pages it, kept in the dialog's state (no URL under a dialog).
  const meta = PICKER_LISTS[tab];
  const paging = {
    state: { page, pageSize: PICKER_PAGE_SIZE, sort: meta.defaultSort, direction: meta.defaultDirection },
    update: (patch: { page?: number }) => {
      if (patch.page !== undefined) setPage(patch.page);
    },
  };
  const columns = useMemo<GridColDef<PickerRow>[]>(
    () => [
      { field: 'name', headerName: tab === 'contacts' ? 'Name' : 'Device Name', flex: 1, minWidth: 120, sortable: false },
      { field: 'detail', headerName: tab === 'contacts' ? 'Email' : 'Type · Contact', flex: 1.2, minWidth: 120, sortable: false },
    ],
    [tab],
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', maxHeight: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ pb: 0, pt: 1.5 }}>
        Select a contact or a device
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: PickerTab) => setTab(v)}
        variant="fullWidth"
        sx={{ px: 3, minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 1 } }}
      >
        <Tab label="Contacts" value="contacts" />
        <Tab label="Devices" value="devices" />
      </Tabs>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: '8px !important', pb: 0 }}>
        <TextField
          size="small"
          placeholder="TYPE NAME"
          value={text}
          onChange={(e) => {
            const value = e.target.value;
            setTexts((all) => ({ ...all, [tab]: value }));
            // Searching resets to page 1 (requirements §3.3).
            setPage(1);
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'TYPE NAME' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
          fullWidth
        />
        <Box sx={{ minHeight: ROW_HEIGHT * (PICKER_PAGE_SIZE + 1) + 2 }}>
          {/* The one list look (ListGrid): status, grid and pager in one panel; the state stays in the dialog. */}
          <ListGrid
            key={tab}
            label={tab === 'contacts' ? 'Contacts' : 'Devices'}
            list={list}
            isFiltered={!!(tab === 'contacts' ? contactSearch : deviceSearch)}
            emptyText={tab === 'contacts' ? 'No contacts found' : 'No Devices Found'}
            filteredEmptyText={tab === 'contacts' ? 'No contacts found' : 'No Devices Found'}
            skeletonRows={3}
            url={paging}
            meta={meta}
            columns={columns}
            getRowHeight={() => ROW_HEIGHT}
            columnHeaderHeight={ROW_HEIGHT}
            rowSelectionModel={{ type: 'include', ids: new Set(pick?.kind === kind ? [pick.id] : []) }}
            onRowClick={({ row }: GridRowParams<PickerRow>) => setPick({ kind, id: row.id })}
            onRowDoubleClick={({ row }: GridRowParams<PickerRow>) => create({ kind, id: row.id })}
            onCellKeyDown={({ row }: GridCellParams<PickerRow>, e) => {
              if (e.key === 'Enter') create({ kind, id: row.id });
              else if (e.key === ' ') setPick({ kind, id: row.id });
            }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {user.userType !== 'User' && (
          <Tooltip describeChild title={`Create Ticket for Organization: ${user.organizationName}`}>
            <Button onClick={() => go(ticketHref(ticketType, 'add', user.customerCode, { type: 'primaryContact' }))} sx={{ mr: 'auto' }}>
              For {user.customerCode}
            </Button>
          </Tooltip>
        )}
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!pick} onClick={() => create(pick)}>
          Create Ticket
        </Button>
      </DialogActions>
    </Dialog>
  );
}
