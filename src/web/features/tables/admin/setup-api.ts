import type { TablesSwitch, TablesSwitchAnswer, WhyAnswer, WhyQuery } from '#shared/tables/setup-schemas.ts';
import { call } from '#web/lib/api.ts';

/** The switch, "why" and table cards calls (issue 28), through the one API client; import as `* as setupApi`. */

/** Switches capacity to tables or covers; a dry run answers the bookings that would not fit and keeps nothing. */
export const switchCapacity = (request: TablesSwitch) =>
  call<TablesSwitchAnswer>('POST', '/api/admin/tables/switch', { body: request });

/** Every rule availability applies to the party then, each with its verdict. */
export const whyNotBookable = (query: WhyQuery) => {
  const { date, time, party, channel } = query;
  const search = new URLSearchParams({ date, time, party: String(party), channel });
  return call<WhyAnswer>('GET', `/api/admin/tables/why?${search}`);
};

/** The print sheet of a day's table cards: a page of its own, opened as a link. */
export const tableCardsPath = (date: string) => `/api/admin/tables/cards?${new URLSearchParams({ date })}`;
