import type { SignedInAdmin } from '../../src/shared/staff/session.ts';

/** What GET /api/auth/me answers for the owner in the admin's component tests. */
export const SIGNED_IN_OWNER: SignedInAdmin = {
  email: 'landlord@pub.example',
  name: 'Landlord',
  role: 'owner',
  twoStepOn: false,
  twoStepRequired: false,
};

export function signedInAs(role: SignedInAdmin['role']): SignedInAdmin {
  return { ...SIGNED_IN_OWNER, name: role === 'owner' ? 'Landlord' : `A ${role}`, role };
}
