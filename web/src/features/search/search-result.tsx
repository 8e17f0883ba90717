import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ActiveIcon from '@mui/icons-material/CheckCircle';
import InactiveIcon from '@mui/icons-material/Cancel';
import { isSearchStatusActive, SEARCH_TYPE, type SearchRecord } from '@sc/common';
import { formatDate } from '../../ui/dates.ts';

const nameOf = (r: SearchRecord): string | null => (r.lastName || r.firstName ? [r.lastName, r.firstName].filter(Boolean).join(', ') : null);

/** What a person recognises the record by: the contact's name, else the ticket's or job's description. */
export function primaryLine(r: SearchRecord): string {
  if (r.searchType === SEARCH_TYPE.Contact) return nameOf(r) ?? r.stringField ?? '';
  return r.description ?? r.stringField ?? '';
}

/** requirements §5: 'CWID: {InternalID} - {date}', then StringField shown as JMSID, then who it belongs to. */
function secondaryLine(r: SearchRecord, timeZone: string): string {
  const parts = [`CWID: ${r.internalId}${r.dateField ? ` - ${formatDate(r.dateField, timeZone)}` : ''}`];
  if (r.stringField) parts.push(`JMSID: ${r.stringField}`);
  if (r.searchType === SEARCH_TYPE.Contact) {
    if (r.organizationName) parts.push(r.organizationName);
  } else {
    const name = nameOf(r);
    if (name) parts.push(name);
  }
  return parts.join(' · ');
}

/** One result of the popover: the status icon (green for Active or Open, red otherwise) and two lines. */
export function SearchResult({ record, timeZone }: { record: SearchRecord; timeZone: string }) {
  const isActive = isSearchStatusActive(record.status);
  const Icon = isActive ? ActiveIcon : InactiveIcon;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      <Icon
        aria-hidden
        fontSize="small"
        sx={{ mt: 0.25, flexShrink: 0, color: isActive ? 'success.main' : 'error.main' }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {primaryLine(record)}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {secondaryLine(record, timeZone)}
        </Typography>
      </Box>
      {/* The status in words beside the colour (issue 14, item 11): colour alone says nothing to some. */}
      <Typography variant="caption" sx={{ flexShrink: 0, mt: 0.25, fontWeight: 500, color: isActive ? 'success.main' : 'error.main' }}>
        {record.status}
      </Typography>
    </Box>
  );
}
