import { useSignedInUser } from '../../features/auth/session-context.ts';
import { useActiveBanners } from '../../features/banner/api.ts';
import { HomeBanner } from '../../features/banner/home-banner.tsx';
import { useHome } from '../../features/home/api.ts';
import { HomePage } from '../../features/home/home-page.tsx';
import { useSurveyInvitations } from '../../features/surveys/api.ts';
import { SurveyInvitationCards } from '../../features/surveys/survey-invitation-cards.tsx';

// The app composes features: home gets the user from here, so features do not import each other.
export function Component() {
  const user = useSignedInUser();
  // The banners and survey invitations sit above the greeting: drawn after it, they would push the whole page
  // down (a layout shift, Lighthouse CLS, decision 028). The page waits for both to settle (or fail); the home
  // data is requested at the same time so waiting adds no round trip.
  const banners = useActiveBanners();
  const surveys = useSurveyInvitations();
  useHome();
  if (banners.isPending || surveys.isPending) return null;
  return <HomePage user={user} banner={<HomeBanner />} surveys={<SurveyInvitationCards />} />;
}
