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
import { DEVICE_MESSAGES, DEVICE_SEARCH_DEBOUNCE_MS, ZDeviceListRequestSchema, type Device } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { ListScreen, ListStatus, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useDeviceList } from './api.ts';
import { DeviceDetail } from './device-detail.tsx';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const ICONS: Record<string, typeof ComputerIcon> = {
  Workstation: ComputerIcon,
  Laptop: LaptopIcon,
  Server: DnsIcon,
  Printer: PrintIcon,
  Firewall: SecurityIcon,
  Switch: RouterIcon,
  Router: RouterIcon,
};
const DeviceIcon = ({ type }: { type: string | null }) => {
  const Icon = (type && ICONS[type]) || DevicesOtherIcon;
  return <Icon aria-hidden />;
};

const SELECTED = 'selected';

/** docs/requirements.md §10.1: the devices split pane: list on the left, the read-only device on the right. */
export function DevicesPage({ canEdit }: { canEdit: boolean }) {
  // Page, search and the selected device live in the URL: Back, reload and a shared link restore them.
  const { state, update, params } = useListUrlState(ZDeviceListRequestSchema);
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), DEVICE_SEARCH_DEBOUNCE_MS);
  const list = useDeviceList(state);
  const rows = list.data?.rows ?? [];
  const chosenId = Number(params.get(SELECTED)) || null;
  // The first device is selected once a page has loaded (requirements §10.1).
  const selected: Device | null = rows.find((r) => r.id === chosenId) ?? rows[0] ?? null;
  const selectedId = selected?.id ?? null;
  const select = (id: number) => update({}, { replace: true, keep: { [SELECTED]: String(id) } });

  return (
    <ListScreen
      title="Devices"
      subtitle="Devices"
      order={sortLabel('Device Name', state.direction)}
      actions={
        <>
          {canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={hrefs.deviceAdd()}>
              New
            </Button>
          )}
          <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
            Refresh
          </Button>
        </>
      }
      filters={<ToolbarSearchField label="Search devices" value={searchText} onChange={setSearchText} />}
    >
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
          <ListStatus
            isPending={list.isPending}
            error={list.error}
            rowCount={rows.length}
            isFiltered={!!state.search}
            onRetry={() => void list.refetch()}
            emptyText={DEVICE_MESSAGES.noDevices}
          />
          {rows.length > 0 && (
            <List aria-label="Devices" sx={{ maxHeight: { xs: 320, md: 560 }, overflow: 'auto' }}>
              {rows.map((d) => (
                <ListItem key={d.id} disablePadding>
                  <ListItemButton selected={d.id === selectedId} onClick={() => select(d.id)} aria-current={d.id === selectedId ? 'true' : undefined}>
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
          <Box sx={{ px: 2 }}>
            <Typography variant="body2" sx={{ pt: 1 }}>
              {DEVICE_MESSAGES.footer} {list.data?.total ?? 0}
            </Typography>
            <PagingFooter
              page={state.page}
              pageSize={state.pageSize}
              count={rows.length}
              total={list.data?.total ?? 0}
              hasNextPage={list.data?.hasNextPage ?? false}
              onPage={(page) => update({ page })}
            />
          </Box>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <DeviceDetail device={selected} canEdit={canEdit} />
        </Box>
      </Box>
    </ListScreen>
  );
}
