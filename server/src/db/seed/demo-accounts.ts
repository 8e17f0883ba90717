import type { UserType } from '@sc/common';

/** The one password of every demo account (README, tests and end-to-end tests use this constant). */
export const DEMO_PASSWORD = 'demo-password-1';

interface DemoAccount {
  email: string;
  userType: UserType;
  /** customers.code of the account's organisation. */
  customerCode: string;
  spaceAdmin: boolean;
  firstName: string;
  lastName: string;
}

/** The demo sign-ins, each linked to its own contact whose e-mail equals the account e-mail. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@acme.example', userType: 'Administrator', customerCode: 'ACME', spaceAdmin: false, firstName: 'Margaret', lastName: 'Holloway' },
  { email: 'operator@acme.example', userType: 'Operator', customerCode: 'ACME', spaceAdmin: false, firstName: 'Daniel', lastName: 'Okafor' },
  { email: 'limited@acme.example', userType: 'OperatorLimited', customerCode: 'ACME', spaceAdmin: false, firstName: 'Priya', lastName: 'Raman' },
  { email: 'user@acme.example', userType: 'User', customerCode: 'ACME', spaceAdmin: false, firstName: 'Thomas', lastName: 'Becker' },
  { email: 'admin@globex.example', userType: 'Administrator', customerCode: 'GLOBEX', spaceAdmin: false, firstName: 'Helen', lastName: 'Marsh' },
  { email: 'user@globex.example', userType: 'User', customerCode: 'GLOBEX', spaceAdmin: false, firstName: 'Carlos', lastName: 'Mendez' },
  { email: 'staff@provider.example', userType: 'Administrator', customerCode: 'PROVIDER', spaceAdmin: true, firstName: 'Grace', lastName: 'Whitfield' },
] as const;

/** Customer codes of the demo organisations. */
export const DEMO_CUSTOMERS = {
  provider: { code: 'PROVIDER', name: 'Northwind Managed Services' },
  clients: [
    { code: 'ACME', name: 'Acme Corporation', domain: 'acme.example' },
    { code: 'GLOBEX', name: 'Globex Corporation', domain: 'globex.example' },
    { code: 'INITECH', name: 'Initech', domain: 'initech.example' },
  ],
} as const;
