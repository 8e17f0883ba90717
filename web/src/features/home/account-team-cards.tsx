import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPhone, type AccountTeam, type AccountTeamMember } from '@sc/common';

/** requirements §4.1: the three account-team roles, in the spec's order (CustSvcRep is the Account Manager). */
const ROLES: { key: keyof AccountTeam; label: string }[] = [
  { key: 'accountManager', label: 'Account Manager' },
  { key: 'itConsultant', label: 'IT Consultant' },
  { key: 'techManager', label: 'Technical Manager' },
];

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

/** tel: wants digits (and a leading +) only. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

function PhoneLine({ label, phone }: { label: string; phone: string | null }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {label}:{' '}
      {phone ? (
        <Link href={telHref(phone)} aria-label={`${label} phone ${formatPhone(phone)}`} sx={{ whiteSpace: 'nowrap' }}>
          {formatPhone(phone)}
        </Link>
      ) : (
        'Not listed'
      )}
    </Typography>
  );
}

function MemberCard({ role, member }: { role: string; member: AccountTeamMember | null }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}>
      <Avatar aria-hidden sx={{ bgcolor: 'secondary.main', fontWeight: 600 }}>
        {member ? initialsOf(member.name) : '?'}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {role}
        </Typography>
        {member ? (
          <>
            <Link href={`mailto:${member.email}`} variant="subtitle1" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
              {member.name}
            </Link>
            <PhoneLine label="Office" phone={member.officePhone} />
            <PhoneLine label="Mobile" phone={member.mobilePhone} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not assigned
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** requirements §4.1: account-team cards (not for User: the server sends no team, and the page does not ask to show one). */
export function AccountTeamCards({ team }: { team: AccountTeam }) {
  return (
    <Box component="section" aria-labelledby="account-team-title">
      <Typography id="account-team-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Your account team
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
        {ROLES.map((r) => (
          <MemberCard key={r.key} role={r.label} member={team[r.key]} />
        ))}
      </Box>
    </Box>
  );
}
