import type { FormDefinitionJson } from '../schema/index.ts';

// requirements §14.1 'The catalogue': the service-request forms the demo offers every customer, as
// SurveyJS definitions (several pages, conditional and required fields, a confirmation page).

interface CatalogForm {
  slug: string;
  name: string;
  description: string;
  createsServiceRequest: boolean;
  definition: FormDefinitionJson;
}

const DEPARTMENTS = ['Finance', 'Operations', 'Sales', 'Human Resources', 'Engineering'];
const done = (what: string) =>
  `<h3>Thank you</h3><p>Your ${what} request has been received. A service request was created for it; you can follow it under My Service Requests.</p>`;

export const FORM_CATALOG: CatalogForm[] = [
  {
    slug: 'new-laptop',
    name: 'New Laptop',
    description: 'Order a laptop for yourself or a colleague: model, accessories and delivery.',
    createsServiceRequest: true,
    definition: {
      title: 'New Laptop',
      showProgressBar: 'top',
      completedHtml: done('laptop'),
      pages: [
        {
          name: 'recipient',
          title: 'Who is it for?',
          elements: [
            { type: 'text', name: 'recipientName', title: 'Recipient name', isRequired: true },
            { type: 'text', name: 'recipientEmail', title: 'Recipient e-mail', inputType: 'email', isRequired: true, validators: [{ type: 'email' }] },
            { type: 'dropdown', name: 'department', title: 'Department', choices: DEPARTMENTS, isRequired: true },
          ],
        },
        {
          name: 'device',
          title: 'Device',
          elements: [
            {
              type: 'radiogroup',
              name: 'model',
              title: 'Model',
              isRequired: true,
              // Values without the inch mark: a '"' inside a quoted value breaks SurveyJS expressions (visibleIf).
              choices: [
                { value: 'standard-14', text: 'Standard 14" business laptop' },
                { value: 'performance-16', text: 'Performance 16" laptop' },
                { value: 'ultrabook-13', text: 'Lightweight 13" ultrabook' },
              ],
            },
            { type: 'comment', name: 'performanceReason', title: 'Why is the performance model needed?', visibleIf: "{model} = 'performance-16'", isRequired: true },
            { type: 'checkbox', name: 'accessories', title: 'Accessories', choices: ['Docking station', 'Second monitor', 'Headset', 'Laptop bag'] },
            { type: 'boolean', name: 'replacesDevice', title: 'Does it replace an existing device?' },
            { type: 'text', name: 'oldDevice', title: 'Device it replaces (name or asset tag)', visibleIf: '{replacesDevice} = true', isRequired: true },
          ],
        },
        {
          name: 'delivery',
          title: 'Delivery',
          elements: [
            { type: 'text', name: 'neededBy', title: 'Needed by', inputType: 'date', isRequired: true },
            { type: 'comment', name: 'deliveryNotes', title: 'Delivery address or notes' },
          ],
        },
      ],
    },
  },
  {
    slug: 'onboard-employee',
    name: 'Onboard an Employee',
    description: 'Accounts, equipment and access for a new starter.',
    createsServiceRequest: true,
    definition: {
      title: 'Onboard an Employee',
      showProgressBar: 'top',
      completedHtml: done('onboarding'),
      pages: [
        {
          name: 'person',
          title: 'New starter',
          elements: [
            { type: 'text', name: 'firstName', title: 'First name', isRequired: true },
            { type: 'text', name: 'lastName', title: 'Last name', isRequired: true },
            { type: 'text', name: 'jobTitle', title: 'Job title', isRequired: true },
            { type: 'dropdown', name: 'department', title: 'Department', choices: DEPARTMENTS, isRequired: true },
            { type: 'text', name: 'startDate', title: 'Start date', inputType: 'date', isRequired: true },
            { type: 'text', name: 'manager', title: 'Manager' },
          ],
        },
        {
          name: 'access',
          title: 'Accounts and access',
          elements: [
            { type: 'checkbox', name: 'accounts', title: 'Accounts needed', isRequired: true, choices: ['E-mail and Office', 'VPN', 'CRM', 'Accounting system', 'File shares'] },
            { type: 'comment', name: 'fileShares', title: 'Which file shares?', visibleIf: "{accounts} contains 'File shares'", isRequired: true },
            { type: 'boolean', name: 'needsHardware', title: 'Does the new starter need equipment?', defaultValue: true },
            {
              type: 'checkbox',
              name: 'hardware',
              title: 'Equipment',
              visibleIf: '{needsHardware} = true',
              isRequired: true,
              choices: ['Laptop', 'Desk phone', 'Mobile phone', 'Monitor'],
            },
          ],
        },
        {
          name: 'notes',
          title: 'Anything else',
          elements: [{ type: 'comment', name: 'notes', title: 'Notes for the service desk' }],
        },
      ],
    },
  },
  {
    slug: 'offboard-employee',
    name: 'Offboard an Employee',
    description: 'Disable accounts, hand over data and collect equipment of a leaver.',
    createsServiceRequest: true,
    definition: {
      title: 'Offboard an Employee',
      showProgressBar: 'top',
      completedHtml: done('offboarding'),
      pages: [
        {
          name: 'leaver',
          title: 'Leaver',
          elements: [
            { type: 'text', name: 'employeeName', title: 'Employee name', isRequired: true },
            { type: 'text', name: 'employeeEmail', title: 'Employee e-mail', inputType: 'email', isRequired: true, validators: [{ type: 'email' }] },
            { type: 'text', name: 'lastDay', title: 'Last working day', inputType: 'date', isRequired: true },
            { type: 'radiogroup', name: 'urgency', title: 'How soon must access end?', isRequired: true, choices: ['At the end of the last day', 'Immediately'] },
            { type: 'comment', name: 'urgencyReason', title: 'Reason for immediate removal', visibleIf: "{urgency} = 'Immediately'", isRequired: true },
          ],
        },
        {
          name: 'handover',
          title: 'Data and equipment',
          elements: [
            { type: 'radiogroup', name: 'mailbox', title: 'Mailbox', isRequired: true, choices: ['Forward to manager', 'Convert to shared mailbox', 'Delete after 30 days'] },
            { type: 'text', name: 'forwardTo', title: 'Forward to (e-mail)', visibleIf: "{mailbox} = 'Forward to manager'", isRequired: true, inputType: 'email' },
            { type: 'checkbox', name: 'equipment', title: 'Equipment to collect', choices: ['Laptop', 'Mobile phone', 'Security token', 'Badge'] },
          ],
        },
      ],
    },
  },
  {
    slug: 'firewall-rule-change',
    name: 'Change a Firewall Rule',
    description: 'Open, change or close a port or an address on a firewall.',
    createsServiceRequest: true,
    definition: {
      title: 'Change a Firewall Rule',
      showProgressBar: 'top',
      completedHtml: done('firewall change'),
      pages: [
        {
          name: 'change',
          title: 'The change',
          elements: [
            { type: 'radiogroup', name: 'action', title: 'Action', isRequired: true, choices: ['Add a rule', 'Change a rule', 'Remove a rule'] },
            { type: 'text', name: 'existingRule', title: 'Existing rule name or number', visibleIf: "{action} <> 'Add a rule'", isRequired: true },
            { type: 'text', name: 'source', title: 'Source (address or network)', isRequired: true },
            { type: 'text', name: 'destination', title: 'Destination (address or network)', isRequired: true },
            { type: 'text', name: 'ports', title: 'Ports and protocol (e.g. TCP 443)', isRequired: true },
          ],
        },
        {
          name: 'justification',
          title: 'Justification',
          elements: [
            { type: 'comment', name: 'businessReason', title: 'Business reason', isRequired: true },
            { type: 'boolean', name: 'temporary', title: 'Is the change temporary?' },
            { type: 'text', name: 'expires', title: 'Remove the rule on', inputType: 'date', visibleIf: '{temporary} = true', isRequired: true },
            { type: 'dropdown', name: 'window', title: 'Preferred change window', choices: ['Business hours', 'Evening (18:00–22:00)', 'Weekend'], isRequired: true },
          ],
        },
      ],
    },
  },
  {
    slug: 'software-access-request',
    name: 'Software Install or Access Request',
    description: 'Install an application or get access to a system.',
    createsServiceRequest: true,
    definition: {
      title: 'Software Install or Access Request',
      showProgressBar: 'top',
      completedHtml: done('software or access'),
      pages: [
        {
          name: 'request',
          title: 'What do you need?',
          elements: [
            { type: 'radiogroup', name: 'kind', title: 'Request type', isRequired: true, choices: ['Install software', 'Access to a system'] },
            { type: 'text', name: 'software', title: 'Software name and version', visibleIf: "{kind} = 'Install software'", isRequired: true },
            { type: 'boolean', name: 'licensed', title: 'Do you already have a licence?', visibleIf: "{kind} = 'Install software'" },
            { type: 'text', name: 'system', title: 'System', visibleIf: "{kind} = 'Access to a system'", isRequired: true },
            { type: 'dropdown', name: 'accessLevel', title: 'Access level', visibleIf: "{kind} = 'Access to a system'", choices: ['Read only', 'Standard user', 'Administrator'], isRequired: true },
          ],
        },
        {
          name: 'details',
          title: 'Details',
          elements: [
            { type: 'text', name: 'forWhom', title: 'For whom (name)', isRequired: true },
            { type: 'comment', name: 'reason', title: 'Why is it needed?', isRequired: true },
            { type: 'file', name: 'approval', title: "Manager's approval (optional file)", maxSize: 1_000_000, storeDataAsText: true },
          ],
        },
      ],
    },
  },
  {
    slug: 'new-contact-request',
    name: 'New Contact Request',
    description: 'Ask the provider to add a contact to your organisation.',
    createsServiceRequest: false,
    definition: {
      title: 'New Contact Request',
      completedHtml: '<h3>Thank you</h3><p>The provider will add the contact and let you know.</p>',
      pages: [
        {
          name: 'contact',
          title: 'Contact',
          elements: [
            { type: 'text', name: 'firstName', title: 'First Name', isRequired: true },
            { type: 'text', name: 'lastName', title: 'Last Name', isRequired: true },
            { type: 'text', name: 'email', title: 'Email Address', inputType: 'email', isRequired: true, validators: [{ type: 'email' }] },
            { type: 'text', name: 'title', title: 'Title' },
          ],
        },
      ],
    },
  },
];
