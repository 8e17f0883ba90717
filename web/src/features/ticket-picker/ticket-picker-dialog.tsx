import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { PICKER_PAGE_SIZE, TICKET_SEARCH_DEBOUNCE_MS } from '@sc/common';
// The session is app-wide state: the dialog reads the user itself so that its callers pass only { open, ticketType, onClose }.
import { useSignedInUser } from '../auth/session-context.ts';
import { usePickerContacts, usePickerDevices } from './api.ts';

export interface TicketPickerDialogProps {
  open: boolean;
  ticketType: 'Incident' | 'ServiceRequest';
  onClose: () => void;
  /** Where the add route returns to; when the picker is its own route, the screen that opened that route. */
  from?: string;
}

type PickerTab = 'contacts' | 'devices';
type Pick = { kind: 'contact' | 'device'; id: number } | null;

/** 800 ms after the last keystroke (requirements §3.6). */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

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
  const [pages, setPages] = useState<Record<PickerTab, number>>({ contacts: 0, devices: 0 });
  const text = texts[tab];
  const page = pages[tab];
  const setPage = (p: number) => setPages((all) => ({ ...all, [tab]: p }));
  const contactSearch = useDebounced(texts.contacts.trim(), TICKET_SEARCH_DEBOUNCE_MS);
  const deviceSearch = useDebounced(texts.devices.trim(), TICKET_SEARCH_DEBOUNCE_MS);
  const [chosen, setPick] = useState<Pick>(null);
  // A dialog's list keeps its state in the dialog, with the list's own request (schema and encoder).
  const contactQuery = { page: pages.contacts + 1, pageSize: PICKER_PAGE_SIZE, ...(contactSearch ? { search: contactSearch } : {}) };
  const deviceQuery = { page: pages.devices + 1, pageSize: PICKER_PAGE_SIZE, ...(deviceSearch ? { search: deviceSearch } : {}) };
  const contacts = usePickerContacts(contactQuery, open && tab === 'contacts');
  const devices = usePickerDevices(deviceQuery, open && tab === 'devices');
  // A User with a single contact has nothing to choose: it starts chosen (issue 14, item 10).
  const onlyContact = user.userType === 'User' && !contactSearch && contacts.data?.total === 1 ? contacts.data.rows[0] : undefined;
  const pick: Pick = chosen ?? (onlyContact ? { kind: 'contact', id: onlyContact.id } : null);
  const current = tab === 'contacts' ? contacts : devices;
  const base = ticketType === 'Incident' ? '/incident/add' : '/servicerequest/add';

  const close = () => {
    setTexts({ contacts: '', devices: '' });
    setPick(null);
    setPages({ contacts: 0, devices: 0 });
    setTab('contacts');
    onClose();
  };

  // The add route's Cancel and save come back here, unless the picker is itself a route.
  const from = fromProp ?? (/\/(incident|servicerequest)\/add\/?$/.test(location.pathname) ? undefined : location.pathname + location.search);
  // Navigating away unmounts the caller's screen, and with it the dialog.
  const go = (path: string) => void navigate(path, { state: from ? { from } : undefined });
  const create = () => {
    if (!pick) return;
    go(pick.kind === 'contact' ? `${base}/${pick.id}?type=contact` : `${base}/${pick.id}?type=device&devicetype=device`);
  };

  const rows =
    tab === 'contacts'
      ? (contacts.data?.rows ?? []).map((c) => ({ id: c.id, primary: `${c.lastName}, ${c.firstName}`, secondary: c.email ?? '' }))
      : (devices.data?.rows ?? []).map((d) => ({ id: d.id, primary: d.deviceName, secondary: [d.deviceType, d.contactName].filter(Boolean).join(' · ') }));
  const kind = tab === 'contacts' ? 'contact' : 'device';

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', height: 420, maxHeight: 'calc(100% - 32px)', m: 2 } } }}
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
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pt: '8px !important', pb: 0 }}>
        <TextField
          size="small"
          placeholder="TYPE NAME"
          value={text}
          onChange={(e) => {
            const value = e.target.value;
            setTexts((all) => ({ ...all, [tab]: value }));
            // Searching resets to page 1 (requirements §3.3).
            setPage(0);
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
        <Box sx={{ height: 4 }}>{current.isFetching && <LinearProgress aria-label="Loading" />}</Box>
        {current.isError ? (
          <Alert severity="error">{current.error.message}</Alert>
        ) : (
          <List dense disablePadding aria-label={tab === 'contacts' ? 'Contacts' : 'Devices'} sx={{ flex: 1, overflowY: 'auto' }}>
            {rows.map((r) => (
              <ListItem key={r.id} disablePadding>
              <ListItemButton
                sx={{ py: 0, minHeight: 26 }}
                selected={pick?.kind === kind && pick.id === r.id}
                onClick={() => setPick({ kind, id: r.id })}
                onDoubleClick={() => go(kind === 'contact' ? `${base}/${r.id}?type=contact` : `${base}/${r.id}?type=device&devicetype=device`)}
              >
                {/* One line a row, the secondary text after the name, so six rows fit (issue 14, item 10). */}
                <ListItemText
                  sx={{ my: 0 }}
                  primary={
                    <>
                      {r.primary}
                      {r.secondary && (
                        <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                          {r.secondary}
                        </Box>
                      )}
                    </>
                  }
                  slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
                />
              </ListItemButton>
              </ListItem>
            ))}
            {current.isSuccess && rows.length === 0 && (
              <ListItem>
                <Typography color="text.secondary">{tab === 'contacts' ? 'No contacts found' : 'No Devices Found'}</Typography>
              </ListItem>
            )}
          </List>
        )}
        <TablePagination
          component="div"
          count={current.data?.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={PICKER_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ flexShrink: 0, '& .MuiTablePagination-toolbar': { minHeight: 36, pl: 0 } }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {user.userType !== 'User' && (
          <Tooltip describeChild title={`Create Ticket for Organization: ${user.organizationName}`}>
            <Button onClick={() => go(`${base}/${user.customerCode}?type=primaryContact`)} sx={{ mr: 'auto' }}>
              For {user.customerCode}
            </Button>
          </Tooltip>
        )}
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!pick} onClick={create}>
          Create Ticket
        </Button>
      </DialogActions>
    </Dialog>
  );
}
