import type { SignedInUser } from './auth.ts';
import { isOperatorType } from './user-types.ts';

/** The four embedded reports of requirements §1.1 / requirements §13.1, addressed as /reports/{guid}. */
export const REPORTS = [
  { id: '3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e01', label: 'Support Tickets' },
  { id: '3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e02', label: 'Infrastructure Management' },
  { id: '3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e03', label: 'Cyber Security' },
  { id: '3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e04', label: 'Backup / Disaster Recovery' },
] as const;

/**
 * requirements §1.1: the home page's Single Pane of Glass Report card (Administrator only): a fifth embedded report,
 * an overview across the four, addressed like them as /reports/{guid} but not listed in the drawer.
 */
export const SINGLE_PANE_OF_GLASS_REPORT = { id: '3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e05', label: 'Single Pane of Glass Report' } as const;
/** The report a /reports/{guid} path names, the drawer's four or the home page's fifth. */
export const findReport = (id: string): { id: string; label: string } | undefined =>
  [...REPORTS, SINGLE_PANE_OF_GLASS_REPORT].find((r) => r.id === id);

type Who = Pick<SignedInUser, 'userType' | 'spaceAdmin'>;

export const isAdministrator = (u: Who): boolean => u.userType === 'Administrator';
/** requirements §1.4: Org Tickets for Administrator and Operator*. */
const canSeeOrgTickets = (u: Who): boolean => isAdministrator(u) || isOperatorType(u.userType);
/** requirements §1.4 / issue 5: Administrator edits its customer's banner, a space admin the global one. */
export const canEditBanner = (u: Who): boolean => isAdministrator(u) || u.spaceAdmin;
/** requirements §1.4: only Administrator sees contacts, jobs, reports. */
export const canManageContacts = isAdministrator;
export const canSeeJobs = isAdministrator;
export const canSeeReports = isAdministrator;
/** requirements §1.4: User sees no search box, no edit action, no account team cards. */
export const isCustomerUser = (u: Who): boolean => u.userType === 'User';

export interface DrawerItem {
  id: string;
  label: string;
  path: string;
}
interface DrawerGroup {
  id: string;
  /** null for the ungrouped Home entry. */
  label: string | null;
  items: DrawerItem[];
}

/** The side drawer of requirements §1.1 / §1.4: exactly the groups and items the user's role may see. */
export function drawerGroups(u: Who): DrawerGroup[] {
  const groups: DrawerGroup[] = [{ id: 'home', label: null, items: [{ id: 'home', label: 'Home', path: '/' }] }];
  if (canManageContacts(u)) {
    groups.push({
      id: 'contacts',
      label: 'Contacts',
      items: [
        { id: 'contacts', label: 'All Contacts', path: '/contacts' },
        { id: 'new-invites', label: 'Invite Contacts', path: '/contacts/new-invites' },
        { id: 'view-invites', label: 'Invitations', path: '/contacts/view-invites' },
      ],
    });
  }
  const assets: DrawerItem[] = [{ id: 'devices', label: 'Devices', path: '/devices' }];
  if (canSeeJobs(u)) assets.push({ id: 'jobs', label: 'Agreements', path: '/jobs' });
  groups.push({ id: 'assets', label: 'Devices and Agreements', items: assets });
  // Surveys (decision 020): the answers follow the tickets' scope, so the item sits with the tickets the
  // user sees: under Org Tickets for Administrator and Operator*, under My Tickets for a User (its own).
  const surveys: DrawerItem = { id: 'surveys', label: 'Surveys', path: '/surveys' };
  groups.push({
    id: 'my-tickets',
    label: 'My Tickets',
    items: [
      { id: 'myincidents', label: 'My Incidents', path: '/myincidents/' },
      { id: 'myrequests', label: 'My Service Requests', path: '/myrequests/' },
      // requirements §14.1: the form catalogue of kapp customer-portal, for every signed-in type.
      { id: 'catalogue', label: 'Request Catalogue', path: '/kapps/customer-portal/forms' },
      ...(canSeeOrgTickets(u) ? [] : [surveys]),
    ],
  });
  if (canSeeOrgTickets(u)) {
    groups.push({
      id: 'org-tickets',
      label: 'Org Tickets',
      items: [
        { id: 'incidents', label: 'Incidents', path: '/incidents' },
        { id: 'requests', label: 'Service Requests', path: '/requests' },
        surveys,
      ],
    });
  }
  if (canSeeReports(u)) {
    groups.push({
      id: 'reports',
      label: 'Reports',
      items: REPORTS.map((r) => ({ id: `report-${r.id}`, label: r.label, path: `/reports/${r.id}` })),
    });
  }
  return groups;
}

/** Flat list of the item ids a user may see, for tests and guards. */
export const drawerItemIds = (u: Who): string[] => drawerGroups(u).flatMap((g) => g.items.map((i) => i.id));
