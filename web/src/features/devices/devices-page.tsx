import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ComputerIcon from '@mui/icons-material/Computer';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import DnsIcon from '@mui/icons-material/Dns';
import LaptopIcon from '@mui/icons-material/Laptop';
import PrintIcon from '@mui/icons-material/Print';
import RefreshIcon from '@mui/icons-material/Refresh';
import RouterIcon from '@mui/icons-material/Router';
import SecurityIcon from '@mui/icons-material/Security';
import { DEVICE_MESSAGES, DEVICE_SEARCH_DEBOUNCE_MS, DEVICES_PAGE_SIZE, type Device } from '@sc/common';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useDeviceList } from './api.ts';
import { DeviceDetail } from './device-detail.tsx';
import { ListLoadError, ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const ICONS: Record<string, typeof ComputerIcon> = {
  Workstation: ComputerIcon,
  Laptop: LaptopIcon,
  Server: DnsIcon,
  Printer: PrintIcon,
  Firewall: SecurityIcon,
  Switch: RouterIcon,
  Router: RouterIcon,
};
export const DeviceIcon = ({ type }: { type: string | null }) => {
  const Icon = (type && ICONS[type]) || DevicesOtherIcon;
  return <Icon aria-hidden />;
};

/** 001 §2.7: the devices split pane: list on the left, the read-only device on the right. */
export function DevicesPage({ canEdit }: { canEdit: boolean }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), DEVICE_SEARCH_DEBOUNCE_MS);
  // A new search starts again at page 1 (001 §4).
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (p: number) => setPaging({ search, page: p });
  const list = useDeviceList({ page, pageSize: DEVICES_PAGE_SIZE, search: search || undefined });
  const rows = list.data?.rows ?? [];
  const [chosenId, setSelectedId] = useState<number | null>(null);
  // The first device is selected once a page has loaded (001 §2.7).
  const selected: Device | null = rows.find((r) => r.id === chosenId) ?? rows[0] ?? null;
  const selectedId = selected?.id ?? null;

  return (
    <>
      <PageHeader
        title="Devices"
        subtitle="Devices"
        toolbar={
          <>
            {canEdit && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/devices/add">
                New
              </Button>
            )}
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
            <ToolbarSearchField label="Search devices" value={searchText} onChange={setSearchText} />
          </>
        }
      />
      <ListLoadError error={list.error} />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
          {list.isPending ? (
            <Box sx={{ p: 2 }} aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={48} />
              ))}
            </Box>
          ) : rows.length === 0 ? (
            <Typography sx={{ p: 2 }}>{DEVICE_MESSAGES.noDevices}</Typography>
          ) : (
            <List aria-label="Devices" sx={{ maxHeight: { xs: 320, md: 560 }, overflow: 'auto' }}>
              {rows.map((d) => (
                <ListItem key={d.id} disablePadding>
                  <ListItemButton selected={d.id === selectedId} onClick={() => setSelectedId(d.id)} aria-current={d.id === selectedId ? 'true' : undefined}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <DeviceIcon type={d.deviceType} />
                    </ListItemIcon>
                    <ListItemText primary={d.deviceName} secondary={d.deviceType ?? '—'} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Divider />
          <Box sx={{ px: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {DEVICE_MESSAGES.footer} {list.data?.total ?? 0}
            </Typography>
            {(list.data?.total ?? 0) > DEVICES_PAGE_SIZE && (
              <PagingFooter page={page} pageSize={DEVICES_PAGE_SIZE} count={rows.length} total={list.data?.total ?? 0} onPage={setPage} />
            )}
          </Box>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <DeviceDetail device={selected} canEdit={canEdit} />
        </Box>
      </Box>
    </>
  );
}
