import { matchPath } from 'react-router';

/** The SPA's base path (requirements §1.1); the router's basename and Vite's base. */
export const BASENAME = '/app/spa';

interface RouteEntry {
  path: string;
  title: string;
}

/**
 * The one registry of the SPA's paths and page titles. The top bar's title comes from here;
 * a screen's route is added when the screen is built.
 */
export const ROUTES = {
  home: { path: '/', title: 'Home' },
  /** Signed out every path shows the login page; signed in, /login goes home (docs/requirements.md §1.1). */
  login: { path: '/login', title: 'Home' },
  // The logged-out pages (requirements §12); they answer whether or not someone is signed in.
  register: { path: '/register', title: 'New User Registration' },
  registerGid: { path: '/register/:gid', title: 'New User Registration' },
  verify: { path: '/verify', title: 'Verify Registration' },
  verifyGid: { path: '/verify/:gid', title: 'Verify Registration' },
  retrieve: { path: '/retrieve', title: 'Forgot Password' },
  reset: { path: '/reset', title: 'Reset Password' },
  resetGid: { path: '/reset/:gid', title: 'Reset Password' },
  preferences: { path: '/preferences', title: 'E-mail Preferences' },
  pendingContact: { path: '/pendingcontact', title: 'Pending Contact' },
  // The e-mailed one-click survey link (requirements §20.3); public like the pages above.
  surveyLink: { path: '/survey', title: 'Satisfaction Survey' },
  // Ticket view, edit, new, notes, stats and files (requirements §1.1, §3.1).
  incidentView: { path: '/incident/view/:id', title: 'View Incident' },
  incidentEdit: { path: '/incident/edit/:id', title: 'Edit Incident' },
  incidentAdd: { path: '/incident/add/:id', title: 'New Incident' },
  incidentPick: { path: '/incident/add', title: 'New Incident' },
  incidentActions: { path: '/incident/actions/:id', title: 'Incident Notes' },
  incidentStats: { path: '/incident/stats/:id', title: 'Ticket Timeline' },
  incidentFiles: { path: '/incident/files/:id', title: 'Ticket Files' },
  serviceRequestView: { path: '/servicerequest/view/:id', title: 'View Service Request' },
  serviceRequestEdit: { path: '/servicerequest/edit/:id', title: 'Update Service Request' },
  serviceRequestAdd: { path: '/servicerequest/add/:id', title: 'New Service Request' },
  serviceRequestPick: { path: '/servicerequest/add', title: 'New Service Request' },
  serviceRequestActions: { path: '/servicerequest/actions/:id', title: 'Service Request Notes' },
  contacts: { path: '/contacts', title: 'All Contacts' },
  contactAdd: { path: '/contacts/add', title: 'New Contact' },
  contactEdit: { path: '/contacts/edit/:id', title: 'Edit Contact' },
  contactView: { path: '/contacts/view/:id', title: 'Contact' },
  newInvites: { path: '/contacts/new-invites', title: 'Invite Contacts' },
  viewInvites: { path: '/contacts/view-invites', title: 'Invitations' },
  contactSub: { path: '/contact/:sub/:id', title: 'Contact' },
  devices: { path: '/devices', title: 'Devices' },
  deviceAdd: { path: '/devices/add', title: 'New Device' },
  deviceEdit: { path: '/devices/edit/:id', title: 'Edit Device' },
  // Ticket lists (requirements §1.1, requirements §1.1); '/requests/calendar' and '/myrequests/calendar' are static and outrank ':some'.
  incidents: { path: '/incidents', title: 'Incidents' },
  requests: { path: '/requests', title: 'Service Requests' },
  // The spec's My Tickets paths end with a slash (common/src/navigation.ts); hrefs keep it.
  myIncidents: { path: '/myincidents/', title: 'My Incidents' },
  myIncidentsSome: { path: '/myincidents/:some', title: 'My Incidents' },
  myRequests: { path: '/myrequests/', title: 'My Service Requests' },
  myRequestsSome: { path: '/myrequests/:some', title: 'My Service Requests' },
  // The request lists' calendar view (requirements §1.1).
  requestCalendar: { path: '/requests/calendar', title: 'Service Requests' },
  myRequestCalendar: { path: '/myrequests/calendar', title: 'My Service Requests' },
  // The space admin's view of the e-mail outbox (issue 13).
  outgoingMail: { path: '/outgoing-mail', title: 'Outgoing Mail' },
  // Sign-ins and changes (requirements §19.4): a customer's Administrator, the space admin.
  auditLog: { path: '/audit-log', title: 'Audit Log' },
  // The customer's API keys for integrations (requirements §16.1), from the account menu (Administrator).
  apiKeys: { path: '/api-keys', title: 'API Keys' },
  // Jobs (agreements) and billing (requirements §11.1); 'details' is static and outranks ':jobid'.
  jobs: { path: '/jobs', title: 'Agreements' },
  jobAdd: { path: '/jobs/add', title: 'New Job' },
  jobEdit: { path: '/jobs/edit/:jobid', title: 'Edit Job' },
  jobServices: { path: '/jobs/services/:jobid', title: 'Managed Service by ID' },
  services: { path: '/services', title: 'All Managed Services' },
  jobBalances: { path: '/jobs/balances/:jobid', title: 'Balances' },
  balances: { path: '/balances', title: 'Balances' },
  invoiceDetails: { path: '/jobs/balances/details/:id', title: 'Invoice Details' },
  jobProducts: { path: '/jobs/products/:jobid', title: 'Products' },
  jobReports: { path: '/jobs/jobreports/:jobid/:invid?', title: 'Time Data' },
  // Satisfaction surveys (requirements §20.2); /contact/surveys/{id} is the contactSub route.
  surveys: { path: '/surveys', title: 'Surveys' },
  // The native reports and the Single Pane of Glass (requirements §13.2).
  report: { path: '/reports/:reportId', title: 'Reports' },
  // The form engine (requirements §14.1); 'manage-forms' is the space admin's editor of definitions.
  kapp: { path: '/kapps/:kappSlug', title: 'Forms' },
  formCatalog: { path: '/kapps/:kappSlug/forms', title: 'Forms' },
  formSubmit: { path: '/kapps/:kappSlug/forms/:formSlug', title: 'Form' },
  formSubmissions: { path: '/kapps/:kappSlug/forms/:formSlug/submissions', title: 'Submissions' },
  formSubmission: { path: '/kapps/:kappSlug/forms/:formSlug/submissions/:id', title: 'Submission' },
  formDefinitions: { path: '/kapps/:kappSlug/manage-forms', title: 'Manage Forms' },
  formDefinitionEdit: { path: '/kapps/:kappSlug/manage-forms/:formSlug', title: 'Edit Form' },
} as const satisfies Record<string, RouteEntry>;

/** Paths that answer in the signed-in shell (register and retrieve are public pages). */
const SHELL_ROUTES: readonly RouteEntry[] = [
  ROUTES.home,
  ROUTES.incidentView,
  ROUTES.incidentEdit,
  ROUTES.incidentAdd,
  ROUTES.incidentPick,
  ROUTES.incidentActions,
  ROUTES.incidentStats,
  ROUTES.incidentFiles,
  ROUTES.serviceRequestView,
  ROUTES.serviceRequestEdit,
  ROUTES.serviceRequestAdd,
  ROUTES.serviceRequestPick,
  ROUTES.serviceRequestActions,
  ROUTES.contacts,
  ROUTES.contactAdd,
  ROUTES.contactEdit,
  ROUTES.contactView,
  ROUTES.newInvites,
  ROUTES.viewInvites,
  ROUTES.contactSub,
  ROUTES.devices,
  ROUTES.deviceAdd,
  ROUTES.deviceEdit,
  ROUTES.incidents,
  ROUTES.requests,
  ROUTES.myIncidents,
  ROUTES.myIncidentsSome,
  ROUTES.myRequests,
  ROUTES.myRequestsSome,
  ROUTES.requestCalendar,
  ROUTES.myRequestCalendar,
  ROUTES.outgoingMail,
  ROUTES.auditLog,
  ROUTES.apiKeys,
  ROUTES.jobs,
  ROUTES.jobAdd,
  ROUTES.jobEdit,
  ROUTES.jobServices,
  ROUTES.services,
  ROUTES.jobBalances,
  ROUTES.balances,
  ROUTES.invoiceDetails,
  ROUTES.jobProducts,
  ROUTES.jobReports,
  ROUTES.surveys,
  ROUTES.report,
  ROUTES.kapp,
  ROUTES.formCatalog,
  ROUTES.formSubmit,
  ROUTES.formSubmissions,
  ROUTES.formSubmission,
  ROUTES.formDefinitions,
  ROUTES.formDefinitionEdit,
];

const NOT_FOUND_TITLE = 'Not Found';

export function titleForPath(pathname: string): string {
  const entry = SHELL_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return entry?.title ?? NOT_FOUND_TITLE;
}

/**
 * First path segments of the signed-in app (requirements §1.1, §1.4), built or not yet: a signed-out
 * visit there shows the login in place; any other path is an e-mail link redirect (requirements §12.1).
 */
const SIGNED_IN_SEGMENTS = new Set([
  'login',
  'incident',
  'servicerequest',
  'actions',
  'devices',
  'incidents',
  'requests',
  'myincidents',
  'myrequests',
  'services',
  'surveys',
  'balances',
  'kapps',
  'contacts',
  'contact',
  'jobs',
  'reports',
]);

/** True for a path of the signed-in app, '/' included. */
export function isSignedInPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === undefined || SIGNED_IN_SEGMENTS.has(first.toLowerCase()) || SHELL_ROUTES.some((r) => matchPath({ path: r.path, end: true }, pathname));
}
