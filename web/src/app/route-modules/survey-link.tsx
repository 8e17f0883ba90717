import { SurveyLinkPage } from '../../features/surveys/survey-link-page.tsx';

/** /survey?token=…&answer=… (requirements §14.3): the e-mail's one-click survey link, signed in or not. */
export const Component = SurveyLinkPage;
