/** The first staff account of the production smoke journey's server. */
export const PRODUCTION_STAFF = { email: 'landlord@roseandcrown.example', password: 'production-smoke-2026' };
