import { useSession } from '../../features/auth/session-context.ts';
import { PendingContactPage } from '../../features/public/pending-contact-page.tsx';
import { PreferencesPage } from '../../features/public/preferences-page.tsx';
import { RegisterPage } from '../../features/public/register-page.tsx';
import { ResetPage } from '../../features/public/reset-page.tsx';
import { RetrievePage } from '../../features/public/retrieve-page.tsx';
import { VerifyPage } from '../../features/public/verify-page.tsx';

// The logged-out pages of requirements §12.1, composed here so the public feature does not import the session's.

export function Register() {
  const { refresh } = useSession();
  return <RegisterPage onSignedIn={refresh} />;
}
export const Verify = VerifyPage;
export const Retrieve = RetrievePage;
export const Reset = ResetPage;
export const Preferences = PreferencesPage;
export const PendingContact = PendingContactPage;
