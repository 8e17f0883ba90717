import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { BASENAME, ROUTES } from '../config/routes.ts';
import { PublicLayout } from './public-layout.tsx';
import { SessionGate } from './session-gate.tsx';

/** Screens are lazy route modules exporting `Component`; their paths and titles are in routes.ts. */
const publicPage = (name: 'Register' | 'Verify' | 'Retrieve' | 'Reset' | 'Preferences' | 'PendingContact') => () =>
  import('./route-modules/public-pages.tsx').then((m) => ({ Component: m[name] }));

/**
 * A ticket list's first request starts with the navigation, beside the route's chunk, not after the chunk
 * has loaded and rendered (features/tickets/list-prefetch.ts; docs/decisions/038-list-prefetch.md). The
 * loader only starts it: it returns at once, so the route never waits for it.
 */
const listPrefetch = (queryClient: QueryClient | undefined): Pick<RouteObject, 'loader' | 'shouldRevalidate'> => {
  if (!queryClient) return {};
  const loader: LoaderFunction = ({ request }) => {
    const url = new URL(request.url);
    const pathname = url.pathname.startsWith(BASENAME) ? url.pathname.slice(BASENAME.length) || '/' : url.pathname;
    // A chunk that fails to load (a deploy replaced it) only loses the head start: the page asks itself.
    import('../features/tickets/list-prefetch.ts')
      .then((m) => m.prefetchTicketList(queryClient, pathname, url.searchParams))
      .catch(() => undefined);
    return null;
  };
  // Only on entering a list: within it the page is already there and asks at once.
  const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;
  return { loader, shouldRevalidate };
};

/** The app's routes; `queryClient` (the app's) lets the ticket lists start their request with the navigation. */
export function appRoutesFor(queryClient?: QueryClient): RouteObject[] {
  // Each route written out: the bundle-size check pairs every path of routes.ts with its module by this text.
  const prefetch = listPrefetch(queryClient);
  return [
    {
      // requirements §12.1: the logged-out pages; static paths, so they outrank the shell's '*'.
      element: <PublicLayout />,
      errorElement: <RouteError />,
      HydrateFallback: FullPageSpinner,
      children: [
        { path: ROUTES.register.path, lazy: publicPage('Register') },
        { path: ROUTES.registerGid.path, lazy: publicPage('Register') },
        { path: ROUTES.verify.path, lazy: publicPage('Verify') },
        { path: ROUTES.verifyGid.path, lazy: publicPage('Verify') },
        { path: ROUTES.retrieve.path, lazy: publicPage('Retrieve') },
        { path: ROUTES.reset.path, lazy: publicPage('Reset') },
        { path: ROUTES.resetGid.path, lazy: publicPage('Reset') },
        { path: ROUTES.preferences.path, lazy: publicPage('Preferences') },
        { path: ROUTES.pendingContact.path, lazy: publicPage('PendingContact') },
        { path: ROUTES.surveyLink.path, lazy: () => import('./route-modules/survey-link.tsx') },
      ],
    },
    {
      path: '/',
      element: <SessionGate />,
      errorElement: <RouteError />,
      HydrateFallback: FullPageSpinner,
      children: [
        { index: true, lazy: () => import('./route-modules/home.tsx') },
        // Signed in (the shell renders children only then), a bookmarked /login goes home.
        { path: ROUTES.login.path, element: <Navigate to={ROUTES.home.path} replace /> },
        { path: ROUTES.incidentView.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.incidentEdit.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.incidentAdd.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.serviceRequestView.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.serviceRequestEdit.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.serviceRequestAdd.path, lazy: () => import('./route-modules/ticket-detail.tsx') },
        { path: ROUTES.incidentPick.path, lazy: () => import('./route-modules/ticket-pick.tsx') },
        { path: ROUTES.serviceRequestPick.path, lazy: () => import('./route-modules/ticket-pick.tsx') },
        { path: ROUTES.incidentActions.path, lazy: () => import('./route-modules/ticket-notes.tsx') },
        { path: ROUTES.serviceRequestActions.path, lazy: () => import('./route-modules/ticket-notes.tsx') },
        { path: ROUTES.incidentStats.path, lazy: () => import('./route-modules/ticket-stats.tsx') },
        { path: ROUTES.incidentFiles.path, lazy: () => import('./route-modules/ticket-files.tsx') },
        { path: ROUTES.contacts.path, lazy: () => import('./route-modules/contacts-list.tsx') },
        { path: ROUTES.contactAdd.path, lazy: () => import('./route-modules/contact-form.tsx') },
        { path: ROUTES.contactEdit.path, lazy: () => import('./route-modules/contact-form.tsx') },
        { path: ROUTES.contactView.path, lazy: () => import('./route-modules/contact-form.tsx') },
        { path: ROUTES.newInvites.path, lazy: () => import('./route-modules/new-invites.tsx') },
        { path: ROUTES.viewInvites.path, lazy: () => import('./route-modules/view-invites.tsx') },
        { path: ROUTES.contactSub.path, lazy: () => import('./route-modules/contact-sub.tsx') },
        { path: ROUTES.devices.path, lazy: () => import('./route-modules/devices.tsx') },
        { path: ROUTES.deviceAdd.path, lazy: () => import('./route-modules/device-form.tsx') },
        { path: ROUTES.deviceEdit.path, lazy: () => import('./route-modules/device-form.tsx') },
        { path: ROUTES.incidents.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.requests.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.myIncidents.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.myIncidentsSome.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.myRequests.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.myRequestsSome.path, lazy: () => import('./route-modules/ticket-list.tsx'), ...prefetch },
        { path: ROUTES.requestCalendar.path, lazy: () => import('./route-modules/request-calendar.tsx') },
        { path: ROUTES.myRequestCalendar.path, lazy: () => import('./route-modules/request-calendar.tsx') },
        { path: ROUTES.outgoingMail.path, lazy: () => import('./route-modules/outgoing-mail.tsx') },
        { path: ROUTES.auditLog.path, lazy: () => import('./route-modules/audit-log.tsx') },
        { path: ROUTES.apiKeys.path, lazy: () => import('./route-modules/api-keys.tsx') },
        // The form engine (requirements §14.1): one chunk without SurveyJS; the form renderer is its own chunk.
        { path: ROUTES.kapp.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormCatalog })) },
        { path: ROUTES.formCatalog.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormCatalog })) },
        { path: ROUTES.formSubmit.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormSubmit })) },
        { path: ROUTES.formSubmissions.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormSubmissions })) },
        { path: ROUTES.formSubmission.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormSubmission })) },
        { path: ROUTES.formDefinitions.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormDefinitions })) },
        { path: ROUTES.formDefinitionEdit.path, lazy: () => import('./route-modules/forms.tsx').then((m) => ({ Component: m.FormDefinitionEdit })) },
        // Jobs and billing (requirements §11.1): one chunk, a named export per screen.
        { path: ROUTES.jobs.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobsList })) },
        { path: ROUTES.jobAdd.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobForm })) },
        { path: ROUTES.jobEdit.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobForm })) },
        { path: ROUTES.jobServices.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobServices })) },
        { path: ROUTES.services.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.AllServices })) },
        { path: ROUTES.jobBalances.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobBalances })) },
        { path: ROUTES.balances.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.AllBalances })) },
        { path: ROUTES.invoiceDetails.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.InvoiceDetails })) },
        { path: ROUTES.jobProducts.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobProducts })) },
        { path: ROUTES.jobReports.path, lazy: () => import('./route-modules/jobs.tsx').then((m) => ({ Component: m.JobReports })) },
        { path: ROUTES.surveys.path, lazy: () => import('./route-modules/surveys.tsx') },
        // Reports (requirements §13.2): ECharts loads with the first chart, not with this route.
        { path: ROUTES.report.path, lazy: () => import('./route-modules/reports.tsx') },
        // requirements §1.1: any other path (and every drawer item whose screen is not built yet).
        { path: '*', lazy: () => import('./route-modules/not-found.tsx') },
      ],
    },
  ];
}

/** The routes without the app's query client (the tests' renderWithApp has its own). */
export const appRoutes: RouteObject[] = appRoutesFor();

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutesFor(queryClient), { basename: BASENAME });
