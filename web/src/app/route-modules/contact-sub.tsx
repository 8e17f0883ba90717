import { useParams } from 'react-router';
import { canManageContacts, MESSAGES } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ContactSubPageScreen, type ContactSubPage } from '../../features/contacts/contact-sub-pages.tsx';
import { SurveysScreen } from '../../features/surveys/surveys-screen.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

const PAGES: readonly ContactSubPage[] = ['devices', 'requests', 'incidents', 'surveys', 'access', 'preferences'];

export function Component() {
  const user = useSignedInUser();
  const { sub, id } = useParams();
  const n = Number(id);
  const page = PAGES.find((p) => p === sub);
  if (!page || !Number.isInteger(n) || n <= 0) return <>{MESSAGES.noMatchForPath}</>;
  return (
    <RequireRole allowed={canManageContacts(user)}>
      <ContactSubPageScreen
        key={`${page}-${n}`}
        page={page}
        id={n}
        timeZone={user.timeZone}
        surveys={(frame) => <SurveysScreen title={frame.title} subtitle={frame.subtitle} contactId={n} timeZone={user.timeZone} />}
      />
    </RequireRole>
  );
}
