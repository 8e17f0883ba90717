import { useSignedInUser } from '../../features/auth/session-context.ts';
import { SurveysScreen } from '../../features/surveys/surveys-screen.tsx';

/** /surveys (requirements §20.2): every signed-in type; the server scopes a User to its own answers. */
export function Component() {
  const user = useSignedInUser();
  return <SurveysScreen title="Surveys" subtitle={user.userType === 'User' ? 'Your answers' : user.organizationName} contactId={null} timeZone={user.timeZone} />;
}
