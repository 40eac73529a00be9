/**
 * The privacy notice's address, on its own module: the footer in every page's first script links to it, and a
 * module the first script imports travels in it whole.
 */
export const PRIVACY_PATH = '/privacy';
