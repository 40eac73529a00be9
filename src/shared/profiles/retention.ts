/** A staff note that mentions health is deleted this many days after the guest's last visit (as booking notes are). */
export const NOTES_KEPT_DAYS_FOR_PROFILES = 30;
