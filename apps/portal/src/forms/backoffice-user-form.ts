import { withoutUndefined } from '@washops/client-core';
import { createBackofficeUserInputSchema, type CreateBackofficeUserInput } from '@washops/portal-api/schemas';
import { fieldErrorsFromIssues, wholeNumber } from './employee-form';

export interface BackofficeUserFormValues {
  mode: 'linked' | 'standalone';
  linkBy: 'posUserId' | 'email';
  linkPosUserId: string;
  linkEmail: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  permission: string;
  password: string;
  allSites: boolean;
  sites: string[];
  /** Apply the permission template (and the sites) once the user exists; off leaves it to be done by hand. */
  applyTemplate: boolean;
}

export const emptyBackofficeUserForm: BackofficeUserFormValues = {
  mode: 'linked',
  linkBy: 'posUserId',
  linkPosUserId: '',
  linkEmail: '',
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  permission: '',
  password: '',
  allSites: true,
  sites: [],
  applyTemplate: true,
};

/** Form field names of the client's input fields, where they differ. */
export const backofficeUserFieldOf: Record<string, string> = {
  linkToEmployeePosUserId: 'linkPosUserId',
  linkToEmployeeEmail: 'linkEmail',
  availableSites: 'sites',
};

function toCreateBackofficeUserInput(values: BackofficeUserFormValues): CreateBackofficeUserInput {
  const linked = values.mode === 'linked';
  const input = {
    username: values.username,
    email: values.email,
    permission: values.permission,
    password: values.password === '' ? undefined : values.password,
    linkToEmployeePosUserId: linked && values.linkBy === 'posUserId' ? wholeNumber(values.linkPosUserId) : undefined,
    linkToEmployeeEmail: linked && values.linkBy === 'email' ? values.linkEmail : undefined,
    firstName: linked ? undefined : values.firstName,
    lastName: linked ? undefined : values.lastName,
    availableSites: values.allSites ? 'all' : values.sites,
    applyTemplate: values.applyTemplate,
  };
  return withoutUndefined(input) as CreateBackofficeUserInput;
}

export function validateBackofficeUserForm(values: BackofficeUserFormValues): { input: CreateBackofficeUserInput; errors: Record<string, string> } {
  const input = toCreateBackofficeUserInput(values);
  const result = createBackofficeUserInputSchema.safeParse(input);
  const raw = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  const errors = Object.fromEntries(Object.entries(raw).map(([field, message]) => [backofficeUserFieldOf[field] ?? field, message]));
  return { input, errors };
}
