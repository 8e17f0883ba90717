import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { isCustomerUser, type HomeResponse, type SignedInUser } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

const numberFormat = new Intl.NumberFormat('en-US');

/** Above the exact-count bound the list gives an estimate (docs/decisions/003): say so. */
const formatCount = (n: number, isEstimate: boolean): string => (isEstimate ? `about ${numberFormat.format(n)}` : numberFormat.format(n));

interface CountCardProps {
  label: string;
  count: string | null;
  viewAll: string;
  icon: ReactNode;
}

function CountCard({ label, count, viewAll, icon }: CountCardProps) {
  const id = `count-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box
        aria-hidden
        sx={{ width: 48, height: 48, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'primary.main', flexShrink: 0 }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={id} component="h2" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.2 }} data-testid={`${id}-value`}>
          {count ?? <Skeleton width={64} />}
        </Typography>
      </Box>
      <Button component={RouterLink} to={viewAll} aria-label={`View All ${label}`}>
        View All
      </Button>
    </Paper>
  );
}

/**
 * requirements §4.1: the big numbers Open Incidents and Open Service Requests with View All. The org types go to the
 * Org Tickets lists filtered to Open, a User to My Tickets (its only lists; they default to Open).
 */
export function OpenCountCards({ user, home }: { user: SignedInUser; home: HomeResponse | undefined }) {
  const isUser = isCustomerUser(user);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <CountCard
        label="Open Incidents"
        count={home ? formatCount(home.openIncidents, home.openIncidentsIsEstimate) : null}
        viewAll={isUser ? hrefs.myIncidents() : hrefs.incidents(undefined, { status: 'Open' })}
        icon={<BugReportOutlinedIcon />}
      />
      <CountCard
        label="Open Service Requests"
        count={home ? formatCount(home.openServiceRequests, home.openServiceRequestsIsEstimate) : null}
        viewAll={isUser ? hrefs.myRequests() : hrefs.requests(undefined, { status: 'Open' })}
        icon={<AssignmentOutlinedIcon />}
      />
    </Box>
  );
}
