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
  // down (a layout shift, Lighthouse CLS, decision 028). The page waits for both to answer once (or fail); the home
  // data is requested at the same time so waiting adds no round trip.
  const banners = useActiveBanners();
  const surveys = useSurveyInvitations();
  useHome();
  // isFetched (answered once, data or error), not isPending: an errored query goes pending again when the page's
  // own banner and survey cards mount and retry it, and gating on that would unmount them, again and again.
  if (!banners.isFetched || !surveys.isFetched) return null;
  return <HomePage user={user} banner={<HomeBanner />} surveys={<SurveyInvitationCards />} />;
}
