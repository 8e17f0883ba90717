// zod/mini: part of the signed-in user the login page parses (see auth.ts, decision 028).
import * as z from 'zod/mini';

/** Portal user types of spec requirements §1.1 / §1.4, from least to most privileged. */
export const USER_TYPES = ['User', 'OperatorLimited', 'Operator', 'Administrator'] as const;
export const ZUserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof ZUserTypeSchema>;

/** How the spec writes each type on screen ('Operator Ltd.' in the invite dropdown). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  User: 'User',
  OperatorLimited: 'Operator Ltd.',
  Operator: 'Operator',
  Administrator: 'Administrator',
};

/** requirements §1.4: "Operator* (name starts with Operator)". */
export const isOperatorType = (type: UserType): boolean => type.startsWith('Operator');
