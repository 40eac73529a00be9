/** Who took and who last changed a booking, as the day view, the drawer and the Christmas list say it (issue 19). */
export function madeAndChangedBy(booking: { madeBy: string | null; changedBy: string | null }): string[] {
  return [
    booking.madeBy ? `Taken by ${booking.madeBy}` : null,
    booking.changedBy ? `Changed by ${booking.changedBy}` : null,
  ].filter((line): line is string => line !== null);
}
