import { useSignedInUser } from '../../features/auth/session-context.ts';
import { HomeBanner } from '../../features/banner/home-banner.tsx';
import { HomePage } from '../../features/home/home-page.tsx';
import { SurveyInvitationCards } from '../../features/surveys/survey-invitation-cards.tsx';

// The app composes features: home gets the user from here, so features do not import each other.
export function Component() {
  return <HomePage user={useSignedInUser()} banner={<HomeBanner />} surveys={<SurveyInvitationCards />} />;
}
