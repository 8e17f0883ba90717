import { SurveyLinkPage } from '../../features/surveys/survey-link-page.tsx';

/** /survey?token=…&answer=… (requirements §20.3): the e-mail's one-click survey link, signed in or not. */
export const Component = SurveyLinkPage;
