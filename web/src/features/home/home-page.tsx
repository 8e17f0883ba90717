import { lazy, Suspense, useState, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { isCustomerUser, type SignedInUser } from '@sc/common';
import { ListError } from '../../ui/list/list-screen.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { AccountTeamCards } from './account-team-cards.tsx';
import { ActionCards } from './action-cards.tsx';
import { useHome } from './api.ts';
import { ChatDialog } from './chat-dialog.tsx';
import { useChatSession } from './chat-session.ts';
import { OpenCountCards } from './open-count-cards.tsx';

// The data grid is ~160 KB gz (STACK.md): the greeting, numbers and cards show without waiting for it.
const HomeTicketTabs = lazy(() => import('./home-ticket-tabs.tsx').then((m) => ({ default: m.HomeTicketTabs })));

/**
 * requirements §4.1 'Home page': greeting, open counts, action cards, the four ticket tabs, the account team
 * (not for User) and the chat dialog when chat is enabled; `surveys`: the contact's survey invitations (requirements §20.1).
 */
export function HomePage({ user, banner, surveys }: { user: SignedInUser; banner?: ReactNode; surveys?: ReactNode }) {
  const home = useHome();
  const chat = home.data?.chat;
  const { chatId, start } = useChatSession(user);
  const [chatOpen, setChatOpen] = useState(false);
  const openChat = () => {
    start();
    setChatOpen(true);
  };
  const team = home.data?.accountTeam;

  return (
    <>
      {banner}
      <PageHeader title={`Hello, ${user.firstName}`} subtitle="What would you like to do today?" />
      <ListError error={home.error} onRetry={() => void home.refetch()} />
      <Stack spacing={3}>
        {surveys}
        <OpenCountCards user={user} home={home.data} />
        <ActionCards user={user} chat={chat} onOpenChat={openChat} />
        <Suspense fallback={<Skeleton variant="rounded" height={420} aria-label="Loading..." />}>
          <HomeTicketTabs user={user} />
        </Suspense>
        {team && !isCustomerUser(user) && <AccountTeamCards team={team} />}
      </Stack>
      {chat?.chatEnabled && chat.chatUrl && (
        <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} chatUrl={chat.chatUrl} chatName={chat.chatName} chatId={chatId} />
      )}
    </>
  );
}
