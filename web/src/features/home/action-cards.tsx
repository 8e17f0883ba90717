import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import ScreenShareOutlinedIcon from '@mui/icons-material/ScreenShareOutlined';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlineOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { SINGLE_PANE_OF_GLASS_REPORT, canSeeJobs, canSeeReports, type ChatSettings, type SignedInUser } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

type CardTarget = { to: string; state?: unknown } | { href: string } | { onClick: () => void };

interface ActionCardProps {
  title: string;
  description: string;
  icon: ReactNode;
  target: CardTarget;
}

function ActionCard({ title, description, icon, target }: ActionCardProps) {
  const area =
    'to' in target
      ? { component: RouterLink, to: target.to, state: target.state }
      : 'href' in target
        ? // An external page in a new tab; noopener so it cannot reach back into the portal.
          { component: 'a', href: target.href, target: '_blank', rel: 'noopener noreferrer' }
        : { onClick: target.onClick, 'aria-haspopup': 'dialog' as const };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea {...area} sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2 }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', mt: 0.25 }}>
          {icon}
        </Box>
        <Box>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, display: 'block' }}>
            {title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {description}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

interface ActionCardsProps {
  user: SignedInUser;
  chat: ChatSettings | undefined;
  onOpenChat: () => void;
}

/**
 * requirements §4.1 action cards: Submit Incident, Submit Service Request, chat (Chat with Us or Techy) and Live Remote
 * Control when chat is enabled, and for Administrator View Jobs and Single Pane of Glass Report.
 */
export function ActionCards({ user, chat, onOpenChat }: ActionCardsProps) {
  const cards: ActionCardProps[] = [
    { title: 'Submit Incident', description: 'Report something that is broken', icon: <AddCircleOutlineIcon />, target: { to: hrefs.incidentPick(), state: { from: hrefs.home() } } },
    {
      title: 'Submit Service Request',
      description: 'Ask for something new or a change',
      icon: <PlaylistAddIcon />,
      target: { to: hrefs.serviceRequestPick(), state: { from: hrefs.home() } },
    },
  ];
  if (chat?.chatEnabled) {
    cards.push({ title: chat.chatName, description: 'Talk to the help desk now', icon: <ChatOutlinedIcon />, target: { onClick: onOpenChat } });
    if (chat.remoteControlUrl) {
      cards.push({
        title: 'Live Remote Control',
        description: 'Let a technician see your screen (opens in a new tab)',
        icon: <ScreenShareOutlinedIcon />,
        target: { href: chat.remoteControlUrl },
      });
    }
  }
  if (canSeeJobs(user)) cards.push({ title: 'View Jobs', description: 'Your agreements and their balances', icon: <WorkOutlineIcon />, target: { to: hrefs.jobs() } });
  if (canSeeReports(user)) {
    cards.push({
      title: SINGLE_PANE_OF_GLASS_REPORT.label,
      description: 'All your services at a glance',
      icon: <InsightsOutlinedIcon />,
      target: { to: hrefs.report({ reportId: SINGLE_PANE_OF_GLASS_REPORT.id }) },
    });
  }
  return (
    <Box component="section" aria-label="What would you like to do today?">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {cards.map((c) => (
          <li key={c.title}>
            <ActionCard {...c} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
